import { randomBytes } from "node:crypto";
import { inspect } from "node:util";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { signIn, signUp } from "../support/portal";
import { callRoute } from "../support/routes";

process.env.WEBHOOKS_ALLOW_PRIVATE = "1";

const ORIGIN = "http://localhost";

/** Everything written to the console or the process's streams while `run` runs. */
async function captureLogs(run: () => Promise<void>): Promise<string> {
  const lines: string[] = [];
  const keep = (...args: unknown[]) => {
    lines.push(args.map((arg) => (typeof arg === "string" ? arg : inspect(arg, { depth: 8 }))).join(" "));
  };
  for (const method of ["log", "info", "warn", "error", "debug"] as const) vi.spyOn(console, method).mockImplementation(keep);
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => (keep(String(chunk)), true));
  vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (keep(String(chunk)), true));
  try {
    await run();
  } finally {
    vi.restoreAllMocks();
  }
  return lines.join("\n");
}

/**
 * Makes every insert into `table` fail inside the database: PostgreSQL's message then names the
 * constraint, its detail holds the whole failing row, and drizzle's error the statement's parameters.
 */
const refuseInserts = async (table: string) =>
  queryRows(await getDb(), sql.raw(`ALTER TABLE ${table} ADD CONSTRAINT refuse_for_test CHECK (false) NOT VALID`));

describe("database errors in the log", () => {
  afterEach(() => vi.restoreAllMocks());

  it("name the failed statement but never its parameters: a webhook registration and a sign-in", async () => {
    const partner = await signUp();
    await refuseInserts("webhook_endpoints");
    await refuseInserts("sessions");
    const url = `http://127.0.0.1:9/hook-${randomBytes(6).toString("hex")}`;
    const agent = `agent-${randomBytes(6).toString("hex")}`;
    const requestId = `req-${randomBytes(6).toString("hex")}`;
    const logs = await captureLogs(async () => {
      const registered = await callRoute(
        new Request(`${ORIGIN}/api/portal/webhooks`, {
          method: "POST",
          headers: { cookie: partner.cookie, origin: ORIGIN, "content-type": "application/json", "x-request-id": requestId },
          body: JSON.stringify({ url, events: ["collection.updated"] }),
        }),
      );
      expect(registered.status).toBe(500);
      expect(await registered.json()).toMatchObject({ error: "Internal Server Error" });
      const signedIn = await signIn(partner.email, partner.password, { "user-agent": agent });
      expect(signedIn.status).toBe(500);
      expect(await signedIn.json()).toMatchObject({ error: "Internal Server Error" });
    });
    // Both failures were logged as JSON lines, by the statement that failed, the webhook's with its request id…
    const lines = logs.split("\n").flatMap((line) => {
      try {
        return [JSON.parse(line) as { level?: number; msg?: string; reqId?: string; err?: { message?: string } }];
      } catch {
        return [];
      }
    });
    const failed = (table: string) => lines.find((line) => line.err?.message?.startsWith(`Failed query: insert into "${table}"`));
    expect(failed("webhook_endpoints")).toMatchObject({ level: 50, msg: "unexpected error", reqId: requestId });
    expect(failed("sessions")).toMatchObject({ level: 50, msg: "unexpected error" });
    // …and nothing that travelled with the secret (the webhook secret, the session token) did.
    for (const beside of [url, agent, partner.userId]) expect(logs).not.toContain(beside);
    expect(logs).not.toMatch(/whsec_|params:|Failing row/);
  });
});
