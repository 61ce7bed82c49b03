import "server-only";
import { sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { getDb, queryRows } from "@/lib/db/client";
import { env } from "@/lib/env";

/**
 * Caches read results under the database snapshot they were computed from. Two statements with
 * the same snapshot see exactly the same committed data, so a hit is never stale; any commit, on
 * any instance, changes the snapshot and so misses. No invalidation messages are needed between
 * instances, and writers never contend on a shared counter.
 *
 * The snapshot is taken when a request starts and computed results may be newer than it, never
 * older, so a client always sees its own earlier writes.
 */
export type Snapshot = string;

/** Means "no snapshot": caching is off and every read is computed. */
const UNCACHED: Snapshot = "";

const holder = globalThis as unknown as {
  __udsReadCache?: LRUCache<string, { value: unknown }>;
  __udsReadsInFlight?: Map<string, Promise<unknown>>;
};

function cache() {
  holder.__udsReadCache ??= new LRUCache<string, { value: unknown }>({
    maxSize: Math.max(1, env().READ_CACHE_MB) * 1024 * 1024,
    sizeCalculation: (entry) => Math.max(1, JSON.stringify(entry.value ?? null).length),
  });
  return holder.__udsReadCache;
}

/** The database's current snapshot: one cheap query, made once per request. */
export async function takeSnapshot(): Promise<Snapshot> {
  if (env().READ_CACHE_MB === 0) return UNCACHED;
  const [row] = await queryRows<{ snapshot: string }>(await getDb(), sql`SELECT pg_current_snapshot()::text AS snapshot`);
  return row?.snapshot ?? UNCACHED;
}

/**
 * `compute()`'s result for `key`, reused while no write has committed since `snapshot`.
 * Concurrent misses for the same key and snapshot share one computation: after a commit, a burst
 * of identical requests runs one query rather than one each.
 */
export async function readThrough<T>(snapshot: Snapshot, key: string, compute: () => Promise<T>): Promise<T> {
  if (snapshot === UNCACHED) return compute();
  const fullKey = `${snapshot}|${key}`;
  const hit = cache().get(fullKey);
  if (hit) return hit.value as T;
  const inFlight = (holder.__udsReadsInFlight ??= new Map());
  const pending = inFlight.get(fullKey);
  if (pending) return pending as Promise<T>;
  const computing = compute()
    .then((value) => {
      cache().set(fullKey, { value });
      return value;
    })
    .finally(() => inFlight.delete(fullKey));
  inFlight.set(fullKey, computing);
  return computing;
}
