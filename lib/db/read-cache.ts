import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { getExactReadDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { env } from "@/lib/env";
import { outsideRequest } from "@/lib/outside-request";
import { processSingleton, processSlot } from "@/lib/process-slot";

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

/**
 * What one entry costs beyond its key and value (the LRU's node, the Map entries, the wrapper
 * object), so that many tiny answers cannot hold far more memory than `READ_CACHE_MB`.
 */
export const ENTRY_OVERHEAD_BYTES = 256;
/** A cap on entries whatever their size: eviction stays cheap and the bookkeeping bounded. */
export const MAX_ENTRIES = 50_000;

/** `snapshot`: one taken before the answer was computed (a recent answer), "" when none is known. */
type Entry = { value: unknown; snapshot?: Snapshot };

const readCacheSlot = processSlot<LRUCache<string, Entry>>("read-cache.readCache");
const readsInFlightSlot = processSlot<Map<string, Promise<unknown>>>("read-cache.readsInFlight");
const recentInFlightSlot =
  processSlot<Map<string, { startedAt: number; snapshot: Snapshot; promise: Promise<unknown> }>>("read-cache.recentInFlight");
/** Cache keys per snapshot, in the order the snapshots were first seen. */
const keysBySnapshotSlot = processSlot<Map<Snapshot, Set<string>>>("read-cache.keysBySnapshot");
const cacheLookupsSlot = processSlot<Lookups>("read-cache.cacheLookups");

const snapshotOf = (fullKey: string) => fullKey.slice(0, fullKey.indexOf("|"));

function keysBySnapshot() {
  keysBySnapshotSlot.value ??= new Map();
  return keysBySnapshotSlot.value;
}

/** Bytes an entry holds, roughly: JS strings take two bytes a character, plus the fixed overhead. */
const entrySize = (entry: Entry, key: string) => 2 * key.length + JSON.stringify(entry.value ?? null).length + ENTRY_OVERHEAD_BYTES;

function cache() {
  readCacheSlot.value ??= new LRUCache<string, Entry>({
    max: MAX_ENTRIES,
    maxSize: Math.max(1, env().READ_CACHE_MB) * 1024 * 1024,
    sizeCalculation: entrySize,
    dispose: (_value, fullKey) => keysBySnapshot().get(snapshotOf(fullKey))?.delete(fullKey),
    // Recent (search) answers carry a time to live and leave when it ends: kept until evicted, dead
    // answers filled the budget and the heap and cost every search CPU (docs/performance-journal.md,
    // "Dead search answers leave the cache").
    ttlAutopurge: true,
  });
  return readCacheSlot.value;
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

/**
 * Set by `readFresh`: until when (epoch ms) every answer read inside stays what a new read would
 * give within its bound, the snapshot every one of them is exact for while no search write commits
 * (undefined: none read yet; UNCACHED: none, or not the same for all), and when the earliest of
 * their computations started (what they took from the clock is at least that new). One per
 * process, as the cache is.
 */
const freshnessScope = processSingleton(
  "read-cache.freshness",
  () => new AsyncLocalStorage<{ until: number; exactAt: Snapshot | undefined; since: number }>(),
);

/**
 * An answer was used that is fresh until `until`, exact for `snapshot` (UNCACHED: not known) and
 * computed from `since` (epoch ms).
 */
function used(until: number, snapshot: Snapshot, since = until): void {
  const scope = freshnessScope.getStore();
  if (!scope) return;
  if (until < scope.until) scope.until = until;
  if (since < scope.since) scope.since = since;
  scope.exactAt = scope.exactAt === undefined || scope.exactAt === snapshot ? snapshot : UNCACHED;
}

/**
 * The last snapshot this process received. A computation that starts after it arrived sees every
 * write it shows (and perhaps later ones): while no write the answer reads has committed that this
 * snapshot did not see, the answer is exactly what a new computation would give (docs/decisions/099).
 */
const lastSnapshotSlot = processSlot<Snapshot>("read-cache.lastSnapshot");

/**
 * `read()`'s value; until when it may be shown again as it is: the earliest end of the freshness
 * of the recent answers it used (`readRecent`: SEARCH_CACHE_MS from each one's start), now if it
 * computed one uncached or read an exact answer (which the next commit ends), and Infinity if it
 * read neither; `exactAt`, a snapshot all its answers are exact for ("" when there is none,
 * or they differ): while no search write has committed that the snapshot did not see, a new read
 * would show the same, so it may be shown longer (docs/decisions/094, 097 and 099); and `since`,
 * when the earliest of their computations started (now if there were none).
 */
export async function readFresh<T>(read: () => Promise<T>): Promise<{ value: T; freshUntil: number; exactAt: Snapshot; since: number }> {
  const startedAt = Date.now();
  const scope = { until: Infinity, exactAt: undefined as Snapshot | undefined, since: startedAt };
  const value = await freshnessScope.run(scope, read);
  return { value, freshUntil: scope.until, exactAt: scope.exactAt ?? UNCACHED, since: scope.since };
}

/** The database's current snapshot: one cheap query, made once per request. */
export async function takeSnapshot(): Promise<Snapshot> {
  if (env().READ_CACHE_MB === 0) return UNCACHED;
  const [row] = await queryRows<{ snapshot: string }>(await getExactReadDb(), sql`SELECT pg_current_snapshot()::text AS snapshot`);
  return rememberSnapshot(row?.snapshot ?? UNCACHED);
}

/** A snapshot some statement of this process just received (`takeSnapshot` or a kept page's check). */
export function rememberSnapshot(snapshot: Snapshot): Snapshot {
  lastSnapshotSlot.value = snapshot;
  return snapshot;
}

/** Whether this process has received a snapshot yet. */
export const knowsSnapshot = (): boolean => lastSnapshotSlot.value !== undefined;

/**
 * `compute()`'s result for `key`, reused while no write has committed since `snapshot`.
 * Concurrent misses for the same key and snapshot share one computation: after a commit, a burst
 * of identical requests runs one query rather than one each.
 */
export async function readThrough<T>(snapshot: Snapshot, key: string, compute: () => Promise<T>): Promise<T> {
  used(Date.now(), snapshot);
  if (snapshot === UNCACHED) return compute();
  const fullKey = `${snapshot}|${key}`;
  const hit = cache().get(fullKey);
  const inFlight = (readsInFlightSlot.value ??= new Map());
  const pending = hit ? undefined : inFlight.get(fullKey);
  lookups().exact[hit || pending ? "hits" : "misses"] += 1;
  if (hit) return hit.value as T;
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

/**
 * Whether `readThrough(snapshot, key, …)` would answer without computing: the value is cached
 * under that snapshot or already being computed. Counts as no lookup and refreshes nothing.
 */
export function isReadCached(snapshot: Snapshot, key: string): boolean {
  if (snapshot === UNCACHED) return false;
  const fullKey = `${snapshot}|${key}`;
  return cache().has(fullKey) || (readsInFlightSlot.value?.has(fullKey) ?? false);
}

/** Which of the two caches a lookup went to: exact (snapshot) answers or recent (search) ones. */
export type CacheKind = "exact" | "recent";
type Lookups = Record<CacheKind, { hits: number; misses: number }>;

function lookups(): Lookups {
  cacheLookupsSlot.value ??= { exact: { hits: 0, misses: 0 }, recent: { hits: 0, misses: 0 } };
  return cacheLookupsSlot.value;
}

/**
 * What the cache holds now (entries and their counted bytes, against its byte budget) and how its
 * lookups went since the process started; a computation joined while in flight counts as a hit.
 */
export function readCacheStats(): { entries: number; bytes: number; maxBytes: number; lookups: Lookups } {
  const current = readCacheSlot.value;
  return {
    entries: current?.size ?? 0,
    bytes: current?.calculatedSize ?? 0,
    maxBytes: current?.maxSize ?? 0,
    lookups: structuredClone(lookups()),
  };
}

const RECENT = "recent";

/**
 * `compute()`'s result for `key` if it was computed at most `maxAgeMs` ago, else computed now.
 * Unlike `readThrough`, a write does not end a hit: answers may lag committed writes by up to
 * `maxAgeMs`, counted from when their computation started. Concurrent misses share one
 * computation while it is young enough. For search only; retrieval and the portal stay exact.
 */
export async function readRecent<T>(key: string, maxAgeMs: number, compute: () => Promise<T>): Promise<T> {
  // Taken before the computation starts: what it computes is at least as new as that snapshot.
  const snapshot = lastSnapshotSlot.value ?? UNCACHED;
  if (maxAgeMs <= 0 || env().READ_CACHE_MB === 0) {
    used(Date.now(), snapshot);
    return compute();
  }
  const fullKey = `${RECENT}|${key}`;
  const now = performance.now();
  // A stale answer is not returned (and is dropped): `get` knows each entry's time to live.
  const hit = cache().get(fullKey);
  const fresh = hit !== undefined;
  const inFlight = (recentInFlightSlot.value ??= new Map());
  const pending = inFlight.get(fullKey);
  const joinable = !fresh && pending && pending.startedAt + maxAgeMs > now;
  lookups().recent[fresh || joinable ? "hits" : "misses"] += 1;
  // An answer's computation started `maxAgeMs` before its freshness ends.
  if (fresh) {
    const until = Date.now() + cache().getRemainingTTL(fullKey);
    used(until, hit.snapshot ?? UNCACHED, until - maxAgeMs);
    return hit.value as T;
  }
  if (joinable) {
    const until = Date.now() + (pending.startedAt + maxAgeMs - now);
    used(until, pending.snapshot, until - maxAgeMs);
    return pending.promise as Promise<T>;
  }
  used(Date.now() + maxAgeMs, snapshot, Date.now());
  const computing = compute()
    .then((value) => {
      // Its age counts from when the computation started, as the freshness bound promises. Set
      // outside the request: the entry's time to live is a timer, which would keep the request's state.
      outsideRequest(() => cache().set(fullKey, { value, snapshot }, { ttl: maxAgeMs, start: now }));
      return value;
    })
    .finally(() => {
      if (inFlight.get(fullKey)?.promise === computing) inFlight.delete(fullKey);
    });
  inFlight.set(fullKey, { startedAt: now, snapshot, promise: computing });
  return computing;
}

/**
 * Drops this instance's recent (search) answers, for a write that must not be seen afterwards
 * even within the freshness bound, such as a deleted collection. Other instances' answers still
 * age out within SEARCH_CACHE_MS.
 */
export function forgetRecentReads(): void {
  const current = cache();
  for (const key of [...current.keys()]) if (key.startsWith(`${RECENT}|`)) current.delete(key);
}
