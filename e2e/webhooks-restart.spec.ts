import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { Webhook } from "standardwebhooks";
import { freePorts, startServer, temporaryDatabase, type RunningServer } from "../scripts/production-server";
import { expect, test } from "./fixtures";

/**
 * A production server killed (SIGKILL) while it delivers an event: after a restart the event still
 * arrives, same id, signed. On the embedded store always; on PostgreSQL with E2E_POSTGRES_URL.
 */
const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const stores = [
  { name: "PGlite", postgres: false },
  { name: "PostgreSQL", postgres: true },
] as const;

for (const store of stores) {
  test.describe(`webhook delivery survives a killed server (${store.name})`, () => {
    test.skip(store.postgres && !process.env.E2E_POSTGRES_URL, "set E2E_POSTGRES_URL (CI does)");
    test.describe.configure({ timeout: 300_000 });

    const received: { headers: IncomingHttpHeaders; body: string }[] = [];
    const held: ServerResponse[] = [];
    let holdRequests = true;
    const receiver = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        received.push({ headers: request.headers, body });
        // The first attempt never gets an answer: the server is killed while it waits.
        if (holdRequests) held.push(response);
        else response.writeHead(204).end();
      });
    });
    let server: RunningServer | undefined;
    let cleanup = async () => {};

    test.afterAll(async () => {
      await server?.stop();
      for (const response of held) response.destroy();
      await new Promise((resolve) => receiver.close(resolve));
      await cleanup();
    });

    test("the event arrives after a restart", async () => {
      await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
      const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
      const settings: Record<string, string> = { WEBHOOKS_ALLOW_PRIVATE: "1", RATE_LIMIT_CREATE_PER_MINUTE: "1000" };
      let runSql: (text: string, values: unknown[]) => Promise<void>;
      if (store.postgres) {
        const database = await temporaryDatabase(process.env.E2E_POSTGRES_URL!, "uds_e2e");
        cleanup = database.drop;
        settings.DATABASE_URL = database.url;
        runSql = async (text, values) => {
          const client = new pg.Client({ connectionString: database.url });
          await client.connect();
          await client.query(text, values).finally(() => client.end());
        };
      } else {
        const dir = mkdtempSync(path.join(tmpdir(), "uds-webhooks-"));
        cleanup = async () => rmSync(dir, { recursive: true, force: true });
        settings.PGLITE_DIR = dir;
        runSql = async (text, values) => {
          const { PGlite } = await import("@electric-sql/pglite");
          const client = new PGlite(dir);
          await client.query(text, values).finally(() => client.close());
        };
      }
      // Migrates the store and mints a key, as an operator would; then the endpoint of the account's team, with a known secret.
      const key = execFileSync("npx", ["tsx", "--conditions=react-server", "scripts/keys-create.ts", "restart@example.com"], {
        env: { ...process.env, ...settings },
      })
        .toString()
        .trim();
      await runSql(
        `INSERT INTO webhook_endpoints (id, team_id, url, events, secret)
         SELECT 'restart-endpoint', m.team_id, $1, '{collection.created}', $2
           FROM users u JOIN team_members m ON m.user_id = u.id WHERE u.email = 'restart@example.com'`,
        [hookUrl, SECRET],
      );

      const [port] = await freePorts(1);
      server = startServer(port!, settings);
      await server.ready({ timeoutMs: 120_000 });
      const created = await fetch(`${server.url}/api-gateway/create`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ nftData: { Title: "Survives a crash", ContractChain: "Base" } }),
      });
      expect(created.status).toBe(200);
      const id = (await created.json()).nftData.PlatformNFTId;

      await expect.poll(() => received.length, { timeout: 60_000 }).toBe(1);
      // Killed mid-delivery: no chance to record anything or to finish the job.
      process.kill(-server.child.pid!, "SIGKILL");
      await server.exited;
      holdRequests = false;
      server = startServer(port!, settings);
      await server.ready({ timeoutMs: 120_000 });
      await expect.poll(() => received.length, { timeout: 180_000 }).toBeGreaterThanOrEqual(2);

      const [first, again] = received;
      expect(again!.headers["webhook-id"]).toBe(first!.headers["webhook-id"]);
      expect(new Webhook(SECRET).verify(again!.body, again!.headers as Record<string, string>)).toMatchObject({
        type: "collection.created",
        data: { PlatformNFTId: id },
      });
    });
  });
}
