import { beforeAll, describe, expect, it } from "vitest";
import { processSlot } from "@/lib/process-slot";
import { GET as metrics } from "@/app/api/metrics/route";
import { GET as ready } from "@/app/api/ready/route";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { REQUEST_KEY_HEADER } from "@/lib/observability/request-facts";
import { startWarmUp } from "@/lib/startup/warm-up";
import { newCaller, search } from "../support/api";

// Settings for this file only; env() reads them on first use, after this runs.
const TOKEN = "metrics-token-for-tests";
process.env.METRICS_TOKEN = TOKEN;
process.env.RATE_LIMIT_SEARCH_PER_MINUTE = "1";

/** The value of one series (name and labels as printed) in a scrape, 0 when absent. */
const value = (text: string, series: string) =>
  Number(
    text
      .split("\n")
      .find((line) => line.startsWith(`${series} `))
      ?.split(" ")[1] ?? 0,
  );

const scrape = (authorization?: string) =>
  metrics(new Request("http://localhost/api/metrics", { headers: authorization ? { authorization } : {} }));

// Opening and migrating the store is the slow part: done in the hook, with the hook's budget.
beforeAll(async () => {
  await getDb();
});

describe("readiness", () => {
  it("answers 503 while the instance warms up, then 200 once the database answers, holds every migration and is warm", async () => {
    const warming = await ready();
    expect(warming.status).toBe(503);
    expect(warming.headers.get("retry-after")).toBe("5");
    const { error } = (await warming.json()) as { error: string };
    expect(error).toMatch(/^(warming up|building)/);
    // The warm-up this answer started; the next answer comes after it.
    await startWarmUp();
    const response = await ready();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ready" });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("answers 503 naming the missing migrations while the newest one is not recorded as applied", async () => {
    const db = await getDb();
    // Plays a database one migration behind the code: its newest record dated before the newest file.
    await db.execute(
      sql`UPDATE drizzle.__drizzle_migrations SET created_at = created_at - 1 WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)`,
    );
    try {
      const response = await ready();
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("5");
      expect(await response.json()).toEqual({ status: "unavailable", error: "migrations not applied" });
    } finally {
      await db.execute(
        sql`UPDATE drizzle.__drizzle_migrations SET created_at = created_at + 1 WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)`,
      );
    }
    expect((await ready()).status).toBe(200);
  });
});

describe("metrics", () => {
  it("refuses a scrape without the token or with another one", async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}x`)).status).toBe(401);
    expect((await scrape(TOKEN)).status).toBe(401);
  });

  it("counts rate-limit refusals and reports the read cache", async () => {
    const caller = await newCaller();
    // The warm-up's own searches were counted before: the figures here are what this test adds.
    const before = await (await scrape(`Bearer ${TOKEN}`)).text();
    // A word no earlier search asked for: the warm-up's answers may still be fresh in the cache.
    await search(caller.key, { query: "metricsprobe" });
    expect((await search(caller.key)).status).toBe(429);
    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = await response.text();
    expect(text).toMatch(/uds_rate_limit_refusals_total\{limit="read"\} [1-9]/);
    expect(text).toMatch(/uds_read_cache_entries [1-9]/);
    expect(text).toMatch(/uds_read_cache_bytes [1-9]/);
    // The search computed its answer, and each request looked its key up (a write between them,
    // the key's last use, moved the snapshot, so both missed).
    const added = (series: string) => value(text, series) - value(before, series);
    expect(added('uds_read_cache_lookups_total{cache="recent",result="miss"}')).toBe(1);
    expect(value(text, 'uds_read_cache_lookups_total{cache="exact",result="miss"}')).toBeGreaterThan(0);
    expect(added('uds_read_cache_lookups_total{cache="recent",result="hit"}')).toBe(0);
    // A fresh store's bitmaps are built: the one search was counted from them.
    expect(added('uds_search_counts_total{source="bitmaps"}')).toBe(1);
    expect(value(text, 'uds_search_counts_total{source="rows"}')).toBe(0);
    expect(text).toMatch(/uds_search_bitmap_queue \d+\n/);
  });

  it("reports the PostgreSQL pool's connections, and no pool on the embedded store", async () => {
    await getDb();
    const text = await (await scrape(`Bearer ${TOKEN}`)).text();
    if (process.env.DATABASE_URL) {
      // This file's requests went through the pool: it has opened at least one connection.
      expect(text).toMatch(/uds_db_pool_connections\{state="total"\} [1-9]/);
      expect(text).toMatch(/uds_db_pool_connections\{state="idle"\} \d+/);
      expect(text).toMatch(/uds_db_pool_connections\{state="waiting"\} 0\n/);
    } else {
      expect(text).not.toMatch(/uds_db_pool_connections\{/);
    }
  });
});

/** What server.mjs would write in a request's log line, as the route handler notes it. */
type NotedFacts = { route?: string; account?: string };
function trackRequest(): { id: string; facts: () => NotedFacts | undefined } {
  const noted = (processSlot<Map<string, NotedFacts>>("request-facts").value ??= new Map());
  const id = randomBytes(6).toString("hex");
  noted.set(id, {});
  return { id, facts: () => noted.get(id) };
}

describe("the request's log facts", () => {
  it("name the account behind a valid key, and none for a key that does not exist", async () => {
    const caller = await newCaller();
    const valid = trackRequest();
    await search(caller.key, {}, { [REQUEST_KEY_HEADER]: valid.id });
    expect(valid.facts()).toEqual({ route: "/api-gateway/search", account: caller.userId });

    const unknown = trackRequest();
    await search(`uds_${"B".repeat(40)}`, {}, { [REQUEST_KEY_HEADER]: unknown.id });
    expect(unknown.facts()).toEqual({ route: "/api-gateway/search" });
  });
});
