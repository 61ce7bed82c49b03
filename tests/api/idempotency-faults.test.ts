import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { type Caller, create, newCaller, validCollection } from "../support/api";
import { relayDatabase } from "../support/tcp-proxy";

// PostgreSQL only, as database-faults.test.ts: the embedded store cannot lose its connection.
const proxy = await relayDatabase();

async function collectionsTitled(title: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    await getDb(),
    sql`SELECT count(*)::int AS n FROM collections WHERE data ->> 'Title' = ${title}`,
  );
  return row?.n ?? 0;
}

/** What a client's retry sees once the database is back (the pool reconnects within a few tries). */
async function retryUntilAnswered(send: () => Promise<Response>): Promise<Response> {
  for (let attempt = 0; ; attempt += 1) {
    const response = await send();
    if (response.status !== 503 || attempt >= 20) return response;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Plays the first request's process as long dead: its claim is past the abandonment window. */
async function abandonClaim(teamId: string, key: string) {
  await (
    await getDb()
  ).execute(sql`UPDATE idempotency_keys SET created_at = now() - interval '10 minutes' WHERE team_id = ${teamId} AND key = ${key}`);
}

describe.skipIf(!proxy)("Idempotency-Key when the connection to PostgreSQL is lost mid-request", () => {
  let caller: Caller;
  beforeAll(async () => {
    caller = await newCaller();
  });

  it.each([
    ["as the answer is stored", /update "idempotency_keys"/i],
    ["at COMMIT", /\bcommit\b/i],
  ])("lost %s: the retry creates exactly one collection and later retries replay it", async (_when, statement) => {
    const title = `Lost ${Math.random()}`;
    const body = JSON.stringify({ nftData: validCollection({ Title: title }) });
    const key = `fault-${Math.random()}`;
    proxy!.cutOn(statement);
    const first = await create(caller.key, body, { "idempotency-key": key });
    proxy!.restore();
    expect(first.status).toBe(503);

    // The client never saw an answer; it retries after its process (or ours) was gone for long.
    const stored = await retryUntilAnswered(async () => {
      await abandonClaim(caller.teamId, key).catch(() => {});
      return create(caller.key, body, { "idempotency-key": key });
    });
    expect(stored.status).toBe(200);
    const { nftData } = await stored.json();
    expect(await collectionsTitled(title)).toBe(1);

    const replay = await create(caller.key, body, { "idempotency-key": key });
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect((await replay.json()).nftData.PlatformNFTId).toBe(nftData.PlatformNFTId);
    expect(await collectionsTitled(title)).toBe(1);
  });

  it("COMMIT delivered, its reply lost: the committed answer is kept and the retry replays it", async () => {
    const title = `Unanswered ${Math.random()}`;
    const body = JSON.stringify({ nftData: validCollection({ Title: title }) });
    const key = `unanswered-${Math.random()}`;
    proxy!.dropReplyTo(/\bcommit\b/i);
    const first = await create(caller.key, body, { "idempotency-key": key });
    expect(first.status).toBe(503);
    expect(await collectionsTitled(title)).toBe(1);

    // No wait for abandonment: the first request's answer committed, so the key is settled.
    const retry = await create(caller.key, body, { "idempotency-key": key });
    expect(retry.status).toBe(200);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(await collectionsTitled(title)).toBe(1);
  });
});
