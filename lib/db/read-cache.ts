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

/**
 * Snapshots only move forward, so entries of a snapshot no request still holds can never be hit
 * again. Under a steady write load they would fill the cache to its cap with dead answers; the
 * entries of all but the last few snapshots seen are dropped instead.
 */
export const LIVE_SNAPSHOTS = 8;

const holder = globalThis as unknown as {
  __udsReadCache?: LRUCache<string, { value: unknown }>;
  __udsReadsInFlight?: Map<string, Promise<unknown>>;
  /** Cache keys per snapshot, in the order the snapshots were first seen. */
  __udsKeysBySnapshot?: Map<Snapshot, Set<string>>;
};

const snapshotOf = (fullKey: string) => fullKey.slice(0, fullKey.indexOf("|"));

function keysBySnapshot() {
  holder.__udsKeysBySnapshot ??= new Map();
  return holder.__udsKeysBySnapshot;
}

function cache() {
  holder.__udsReadCache ??= new LRUCache<string, { value: unknown }>({
    maxSize: Math.max(1, env().READ_CACHE_MB) * 1024 * 1024,
    sizeCalculation: (entry) => Math.max(1, JSON.stringify(entry.value ?? null).length),
    dispose: (_value, fullKey) => keysBySnapshot().get(snapshotOf(fullKey))?.delete(fullKey),
  });
  return holder.__udsReadCache;
}

function store(snapshot: Snapshot, fullKey: string, value: unknown) {
  const bySnapshot = keysBySnapshot();
  let keys = bySnapshot.get(snapshot);
  if (!keys) {
    keys = new Set();
    bySnapshot.set(snapshot, keys);
    // Maps iterate in insertion order: the first entries are the oldest snapshots.
    for (const [old, oldKeys] of bySnapshot) {
      if (bySnapshot.size <= LIVE_SNAPSHOTS) break;
      bySnapshot.delete(old);
      for (const key of oldKeys) cache().delete(key);
    }
  }
  keys.add(fullKey);
  cache().set(fullKey, { value });
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
      store(snapshot, fullKey, value);
      return value;
    })
    .finally(() => inFlight.delete(fullKey));
  inFlight.set(fullKey, computing);
  return computing;
}
