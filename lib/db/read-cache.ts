import "server-only";
import { sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { queryRows, type Queryable } from "@/lib/db/client";
import { env } from "@/lib/env";

/**
 * Caches read results under the database snapshot they were computed from. Two statements with
 * the same snapshot see exactly the same committed data, so a hit is never stale; any commit, on
 * any instance, changes the snapshot and so misses. No invalidation messages are needed between
 * instances, and writers never contend on a shared counter.
 */
const holder = globalThis as unknown as { __udsReadCache?: LRUCache<string, { value: unknown }> };

function cache() {
  holder.__udsReadCache ??= new LRUCache<string, { value: unknown }>({
    maxSize: Math.max(1, env().READ_CACHE_MB) * 1024 * 1024,
    sizeCalculation: (entry) => Math.max(1, JSON.stringify(entry.value).length),
  });
  return holder.__udsReadCache;
}

export async function currentSnapshot(db: Queryable): Promise<string> {
  const [row] = await queryRows<{ snapshot: string }>(db, sql`SELECT pg_current_snapshot()::text AS snapshot`);
  return row?.snapshot ?? "";
}

/** `compute()`'s result for `key`, reused while no write has committed since it was computed. */
export async function readThrough<T>(db: Queryable, key: string, compute: () => Promise<T>): Promise<T> {
  if (env().READ_CACHE_MB === 0) return compute();
  const fullKey = `${await currentSnapshot(db)}|${key}`;
  const hit = cache().get(fullKey);
  if (hit) return hit.value as T;
  const value = await compute();
  cache().set(fullKey, { value });
  return value;
}
