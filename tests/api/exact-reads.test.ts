import pg from "pg";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getSearchDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { takeSnapshot } from "@/lib/db/read-cache";
import { env } from "@/lib/env";
import { type Caller, createOk, newCaller, retrieve, validCollection } from "../support/api";

/**
 * A request's snapshot, key lookup and retrieval do not queue behind searches: on PostgreSQL they
 * go through connections of their own (`EXACT_READ_CONNECTIONS`), so a partner's save is not held
 * by the statements the public's searches sent before it (issue #47). The search connections are
 * blocked here on a lock an outside session holds; the exact reads must be answered meanwhile.
 */
describe.runIf(process.env.DATABASE_URL)("exact reads beside blocked searches", () => {
  const LOCK = 470_047;
  const outside = new pg.Client({ connectionString: process.env.DATABASE_URL });
  let caller: Caller;
  let id: string;

  beforeAll(async () => {
    caller = await newCaller();
    id = (await createOk(caller.key, { nftData: validCollection(), perkData: [] })).nftData.PlatformNFTId;
    await outside.connect();
  });
  afterAll(async () => {
    await outside.end();
  });

  const waitingSearchBackends = async () => {
    const { rows } = await outside.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = 'uds-search' AND wait_event_type = 'Lock'`,
    );
    return rows[0]!.n;
  };

  it("answers the snapshot, the key gate and retrieval while every search connection is busy", async () => {
    await outside.query("SELECT pg_advisory_lock($1)", [LOCK]);
    const searchDb = await getSearchDb();
    // One per search connection: each goes to the least busy.
    const connections = env().SEARCH_CONNECTIONS;
    const blocked = Array.from({ length: connections }, () =>
      queryRows(searchDb, sql`SELECT true AS done FROM pg_advisory_xact_lock(${LOCK})`),
    );
    try {
      await expect.poll(waitingSearchBackends, { timeout: 20_000 }).toBe(connections);
      expect(await takeSnapshot()).toMatch(/^\d+:\d+:/);
      const answer = await retrieve(caller.key, id);
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { nftData: { PlatformNFTId: string } }).nftData.PlatformNFTId).toBe(id);
      // Still blocked: the answers above did not come from a search connection freed meanwhile.
      expect(await waitingSearchBackends()).toBe(connections);
    } finally {
      await outside.query("SELECT pg_advisory_unlock($1)", [LOCK]);
    }
    expect(await Promise.all(blocked)).toEqual(blocked.map(() => [{ done: true }]));
  });

  it("names its connections apart from the searches' in pg_stat_activity", async () => {
    await takeSnapshot();
    const { rows } = await outside.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'uds-exact'",
    );
    expect(rows[0]!.n).toBe(1);
  });
});
