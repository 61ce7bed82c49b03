import "server-only";
import { Counter, Gauge, register } from "prom-client";
import { sql } from "drizzle-orm";
import { databasePoolStats, getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { readCacheStats } from "@/lib/db/read-cache";

/**
 * The service's own metrics, on prom-client's default registry, which the production server
 * (server.mjs) shares: it records the per-request counts and latencies there. Metrics are looked
 * up before they are made because `next dev` evaluates this module again on every edit.
 */
function metric<T>(name: string, create: () => T): T {
  return (register.getSingleMetric(name) as T | undefined) ?? create();
}

export { countRateLimitRefusal } from "./refusals";

metric(
  "uds_db_pool_connections",
  () =>
    new Gauge({
      name: "uds_db_pool_connections",
      help: "PostgreSQL pool connections by state (absent on the embedded store)",
      labelNames: ["state"],
      collect() {
        const stats = databasePoolStats();
        if (!stats) return;
        this.set({ state: "total" }, stats.total);
        this.set({ state: "idle" }, stats.idle);
        this.set({ state: "waiting" }, stats.waiting);
      },
    }),
);

metric(
  "uds_read_cache_entries",
  () =>
    new Gauge({
      name: "uds_read_cache_entries",
      help: "Entries in the read cache",
      collect() {
        this.set(readCacheStats().entries);
      },
    }),
);

metric(
  "uds_read_cache_bytes",
  () =>
    new Gauge({
      name: "uds_read_cache_bytes",
      help: "Size of the read cache as it counts it",
      collect() {
        this.set(readCacheStats().bytes);
      },
    }),
);

metric(
  "uds_read_cache_lookups_total",
  () =>
    new Counter({
      name: "uds_read_cache_lookups_total",
      help: "Read cache lookups by cache (exact: snapshot-keyed retrieval and keys; recent: search) and result",
      labelNames: ["cache", "result"],
      // The cache keeps its own counts (it knows nothing of Prometheus); they are copied here when scraped.
      collect() {
        this.reset();
        for (const [cache, counts] of Object.entries(readCacheStats().lookups)) {
          this.inc({ cache, result: "hit" }, counts.hits);
          this.inc({ cache, result: "miss" }, counts.misses);
        }
      },
    }),
);

const searchCounts = metric(
  "uds_search_counts_total",
  () =>
    new Counter({
      name: "uds_search_counts_total",
      help: "Searches computed (not answered from the cache) by how their matches were counted: from the search bitmaps, or by reading rows",
      labelNames: ["source"],
    }),
);

metric(
  "uds_search_bitmap_queue",
  () =>
    new Gauge({
      name: "uds_search_bitmap_queue",
      help: "Search row changes not yet applied to the search bitmaps (over 2,000, searches count rows)",
      async collect() {
        const [row] = await queryRows<{ n: number }>(await getDb(), sql`SELECT count(*)::int AS n FROM search_bitmap_changes`);
        this.set(row?.n ?? 0);
      },
    }),
);

/** Counts one search whose matches were counted from the bitmaps or by reading rows. */
export function countSearch(source: "bitmaps" | "rows"): void {
  searchCounts.inc({ source });
}

export const METRICS_CONTENT_TYPE = register.contentType;

/** Every metric in Prometheus' text format. */
export function metricsText(): Promise<string> {
  return register.metrics();
}
