import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { searchReplicaLagMs } from "@/lib/db/client";
import { type Caller, createOk, newCaller, retrieve, search, validCollection } from "../support/api";
import { callRoute } from "../support/routes";

/**
 * Searches on a real hot standby: a second PostgreSQL cluster streaming from the primary
 * (scripts/replica/setup.sh makes it; CI runs it and sets DATABASE_READ_URL). The file's database
 * is created on the primary and reaches the standby by replication, like everything else here.
 */
const SKIP_REASON = "set DATABASE_URL and DATABASE_READ_URL to a streaming replica (scripts/replica/setup.sh makes one; CI does)";

// A roomier bound than the default, so "still served by the paused replica" holds on a busy
// machine; the fallback below waits past it. Set before any import can read the environment.
const { replicaUrl, MAX_LAG_MS } = vi.hoisted(() => {
  const url = process.env.TEST_DATABASE_READ_URL;
  const maxLag = 2_000;
  if (url) {
    process.env.DATABASE_READ_URL = url;
    process.env.REPLICA_MAX_LAG_MS = String(maxLag);
  }
  return { replicaUrl: url, MAX_LAG_MS: maxLag };
});
/** The documented total: what a search may lag a committed write by. */
const FRESHNESS_MS = 1_000;

let caller: Caller;
let standby: pg.Client;

const word = () =>
  `zr${randomBytes(5)
    .toString("hex")
    .replace(/\d/g, (digit) => "qwxyzjkvbp"[Number(digit)]!)}`;

async function found(query: string): Promise<string[]> {
  const response = await search(caller.key, { query });
  const body = await response.json();
  if (response.status !== 200) throw new Error(`search ${query}: ${response.status} ${JSON.stringify(body)}`);
  return body.Docs.map((doc: { PlatformNFTId: string }) => doc.PlatformNFTId);
}

/** The public browser's keyless search: the same search module, so the same replica. */
async function browsed(query: string): Promise<string[]> {
  const response = await callRoute(
    new Request(`http://localhost/api/search?${new URLSearchParams({ query })}`, { headers: { "x-forwarded-for": "10.9.9.9" } }),
  );
  const body = await response.json();
  if (response.status !== 200) throw new Error(`/api/search ${query}: ${response.status} ${JSON.stringify(body)}`);
  return body.cards.map((card: { id: string }) => card.id);
}

/** Searches until `query` finds `id`; the milliseconds it took. */
async function searchableAfter(query: string, id: string, timeoutMs: number): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < timeoutMs) {
    if ((await found(query)).includes(id)) return performance.now() - start;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`"${query}" did not find ${id} within ${timeoutMs} ms`);
}

async function replayState(): Promise<string> {
  return (await standby.query<{ state: string }>("SELECT pg_get_wal_replay_pause_state() AS state")).rows[0]!.state;
}

async function pauseReplay() {
  await standby.query("SELECT pg_wal_replay_pause()");
  await expect.poll(replayState, { timeout: 10_000, interval: 10 }).toBe("paused");
}

async function resumeReplay() {
  await standby.query("SELECT pg_wal_replay_resume()");
}

async function createTitled(title: string): Promise<string> {
  return (await createOk(caller.key, { nftData: validCollection({ Title: title }) })).nftData.PlatformNFTId;
}

/** Polls until the monitor trusts the replica again (expect.poll only works inside a test). */
async function replicaInUse(timeoutMs: number) {
  const start = performance.now();
  for (;;) {
    const lag = await searchReplicaLagMs();
    if (lag === null) throw new Error("no search replica is configured (DATABASE_READ_URL did not reach the app)");
    if (lag <= MAX_LAG_MS) return;
    if (performance.now() - start > timeoutMs)
      throw new Error(`the replica is not within ${MAX_LAG_MS} ms of the primary after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

if (!replicaUrl) {
  console.warn(`search replica tests skipped: ${SKIP_REASON}`);
  describe("searches on a streaming replica", () => {
    it(`are skipped: ${SKIP_REASON}`, (context) => context.skip(SKIP_REASON));
  });
}

describe.runIf(replicaUrl)("searches on a streaming replica", () => {
  beforeAll(async () => {
    const url = new URL(replicaUrl!);
    url.pathname = "/postgres";
    standby = new pg.Client({ connectionString: url.toString() });
    await standby.connect();
    expect((await standby.query("SELECT pg_is_in_recovery() AS standby")).rows[0].standby).toBe(true);
    caller = await newCaller();
    // The monitor starts with the first search database use; wait until it trusts the replica.
    await replicaInUse(30_000);
  });

  afterAll(async () => {
    // Never leave the shared standby paused.
    await resumeReplay().catch(() => {});
    await standby?.end();
  });

  it("find a new write within the freshness bound", async () => {
    const title = word();
    const id = await createTitled(`Lantern ${title}`);
    expect(await searchableAfter(title, id, 5_000)).toBeLessThanOrEqual(FRESHNESS_MS);
  });

  it("read through the replica's few pipelined connections, not a pool of them", async () => {
    const database = new URL(replicaUrl!).pathname.slice(1);
    // Forty at once: a pool would open a connection for each, up to its ten.
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => found(i % 2 ? word() : "lantern")));
    expect(answers).toHaveLength(40);
    const { rows } = await standby.query<{ application_name: string; n: number }>(
      "SELECT application_name, count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 GROUP BY 1",
      [database],
    );
    const byName = Object.fromEntries(rows.map((row) => [row.application_name, row.n]));
    // SEARCH_CONNECTIONS (2 by default) named connections; the rest is the lag monitor's one.
    expect(byName["uds-search"]).toBeGreaterThanOrEqual(1);
    expect(byName["uds-search"]).toBeLessThanOrEqual(2);
    expect(rows.reduce((sum, row) => sum + row.n, 0) - byName["uds-search"]!).toBeLessThanOrEqual(1);
  });

  it("read from the replica: with its replay paused, a new write is retrieved but not found, until replay resumes", async () => {
    await pauseReplay();
    try {
      const title = word();
      const id = await createTitled(`Beacon ${title}`);
      // Retrieval reads the primary: the write is there.
      expect((await retrieve(caller.key, id)).status).toBe(200);
      // Search reads the paused replica, which is still within the bound: the write is not.
      expect(await found(title)).toEqual([]);
      expect(await browsed(title)).toEqual([]);
      expect(await found(title)).toEqual([]);
      expect(await searchReplicaLagMs()).toBeLessThanOrEqual(MAX_LAG_MS);
      await resumeReplay();
      // Once replayed it is found, and no answer from before was kept.
      expect(await searchableAfter(title, id, 5_000)).toBeLessThanOrEqual(FRESHNESS_MS);
      expect(await browsed(title)).toEqual([id]);
    } finally {
      await resumeReplay();
    }
  });

  it("go to the primary while the replica is further behind than the bound", async () => {
    await pauseReplay();
    const pausedAt = performance.now();
    try {
      const title = word();
      const id = await createTitled(`Harbor ${title}`);
      expect(await found(title)).toEqual([]);
      // Still paused, so the replica cannot have it: only the primary can answer with it, and it
      // does once the replica is more than MAX_LAG_MS behind.
      await searchableAfter(title, id, MAX_LAG_MS + 5_000);
      expect(await replayState()).toBe("paused");
      expect(performance.now() - pausedAt).toBeGreaterThan(MAX_LAG_MS - 500);
      expect(await searchReplicaLagMs()).toBeGreaterThan(MAX_LAG_MS);
    } finally {
      await resumeReplay();
    }
    // And back to the replica once it has caught up.
    await replicaInUse(10_000);
  });
});
