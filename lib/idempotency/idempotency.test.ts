import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { findOrCreateAccount } from "@/lib/auth/accounts";
import { getDb } from "@/lib/db/client";
import { idempotencyKeys } from "@/lib/db/schema";
import { idempotent, type StoreAnswer } from "./idempotency";

const newTeam = async () => (await findOrCreateAccount(`idem-${randomBytes(4).toString("hex")}@example.com`, { verified: true })).teamId;

async function keyRow(teamId: string, key: string) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.teamId, teamId), eq(idempotencyKeys.key, key)));
  return row ?? null;
}

describe("idempotent", () => {
  it("keeps an answer that committed even when the request then failed, so a retry replays it", async () => {
    const teamId = await newTeam();
    const key = `committed-${randomBytes(4).toString("hex")}`;
    let runs = 0;
    // The answer commits with the write; then the COMMIT's reply is lost and the driver raises.
    const commitsThenFails = async (storeAnswer?: StoreAnswer<{ n: number }>) => {
      runs += 1;
      await (await getDb()).transaction(async (tx) => storeAnswer!(tx, { n: runs }));
      throw new Error("Connection terminated unexpectedly");
    };
    await expect(idempotent(teamId, key, "body", commitsThenFails)).rejects.toThrow("Connection terminated");
    expect(await keyRow(teamId, key)).toMatchObject({ status: 200, response: { n: 1 } });

    const retry = await idempotent(teamId, key, "body", commitsThenFails);
    expect(retry).toEqual({ result: { n: 1 }, replayed: true });
    expect(runs).toBe(1);
  });

  it("still frees the key of a request that failed before anything committed", async () => {
    const teamId = await newTeam();
    const key = `failed-${randomBytes(4).toString("hex")}`;
    await expect(
      idempotent(teamId, key, "body", async () => {
        throw new Error("database unreachable");
      }),
    ).rejects.toThrow("database unreachable");
    expect(await keyRow(teamId, key)).toBeNull();
    expect(await idempotent(teamId, key, "body", async () => "ran")).toEqual({ result: "ran", replayed: false });
  });
});
