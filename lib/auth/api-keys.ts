import "server-only";
import { createHash } from "node:crypto";
import { and, count, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { getDb, getExactReadDb } from "@/lib/db/client";
import { queryReused } from "@/lib/db/queries";
import { isReadCached, readThrough, type Snapshot } from "@/lib/db/read-cache";
import { apiKeys, users } from "@/lib/db/schema";
import { conflict } from "@/lib/errors";
import { newId, newSecret } from "@/lib/ids";
import type { ApiKeySummary } from "@/lib/schemas/account";
import { processSlot } from "@/lib/process-slot";

const KEY_PREFIX = "uds_";
const KEY_PATTERN = /^uds_[0-9A-Za-z]{40}$/;
/** last_used_at is a hint for people, so one write a minute per key is precise enough. */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * Keys carry ~238 random bits, so SHA-256 cannot be brute-forced and a slow password hash
 * would only cost CPU on every request. The lookup compares hashes, never the key itself.
 */
const hashKey = (key: string) => createHash("sha256").update(key).digest("hex");

/** Live (unrevoked) keys one account may hold: each is a credential to watch and to rotate. */
export const MAX_LIVE_KEYS = 10;
export const TOO_MANY_KEYS = `An account can have at most ${MAX_LIVE_KEYS} live API keys: revoke one you no longer use before creating another.`;

/**
 * Mints a key for an account. The plaintext is returned here once and stored nowhere. The
 * account's row is locked while its live keys are counted, so concurrent mints cannot pass the cap.
 * Scripts that mint a key at every start (dev, tests, bench) replace their previous one instead.
 */
export async function createApiKey(
  userId: string,
  label: string,
  options: { replaceSameLabel?: boolean } = {},
): Promise<{ key: string; summary: ApiKeySummary }> {
  const key = `${KEY_PREFIX}${newSecret()}`;
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    if (options.replaceSameLabel) {
      await tx
        .update(apiKeys)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(apiKeys.userId, userId), eq(apiKeys.label, label), isNull(apiKeys.revokedAt)));
    }
    const [live] = await tx
      .select({ total: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
    if ((live?.total ?? 0) >= MAX_LIVE_KEYS) throw conflict(TOO_MANY_KEYS);
    const [inserted] = await tx
      .insert(apiKeys)
      .values({ id: newId(), userId, label, prefix: key.slice(0, 10), keyHash: hashKey(key) })
      .returning();
    return inserted;
  });
  if (!row) throw new Error("api key insert returned no row");
  const { id, prefix, createdAt, lastUsedAt, revokedAt } = row;
  return { key, summary: { id, label: row.label, prefix, createdAt, lastUsedAt, revokedAt } };
}

/** `emailVerified`: whether the key's account has confirmed its address (writes need it). */
export type Caller = { userId: string; keyId: string; emailVerified: boolean };

/**
 * A raw statement, prepared: this lookup runs on every request whose snapshot has moved since the
 * last (any write moves it), and drizzle's query builder or planning would cost more than the
 * lookup.
 */
async function findLiveKey(keyHash: string) {
  const [row] = await queryReused<{ id: string; user_id: string; last_used_at: Date | string | null; email_verified: boolean }>(
    await getExactReadDb(),
    sql`SELECT k.id, k.user_id, k.last_used_at, u.email_verified
          FROM ${apiKeys} k JOIN ${users} u ON u.id = k.user_id
         WHERE k.key_hash = ${keyHash} AND k.revoked_at IS NULL`,
  );
  if (!row) return null;
  const lastUsedAt = row.last_used_at === null ? null : new Date(row.last_used_at);
  return { id: row.id, userId: row.user_id, lastUsedAt, emailVerified: row.email_verified };
}

/** Thrown inside a cached lookup so that a miss is never stored: only live keys take cache room. */
const NO_SUCH_KEY = Symbol("no such key");

/** A well-formed API key a request presents, by its hash: what a lookup searches for. */
export type PresentedKey = { hash: string };

/**
 * The key in an `Authorization: Bearer <key>` header (the scheme is case-insensitive, as RFC 9110
 * says), or null for anything else: a malformed key needs no lookup to be refused.
 */
export function presentedKey(header: string | null): PresentedKey | null {
  const match = header?.match(/^Bearer +([^\s]+)$/i);
  const key = match?.[1];
  if (!key || !KEY_PATTERN.test(key)) return null;
  return { hash: hashKey(key) };
}

const lookupKey = (key: PresentedKey) => `key:${key.hash}`;

/**
 * Hashes of keys this process has found live, most recent first. Not a credential: whoever holds
 * one is still looked up (under the request's snapshot, so a revocation counts at once). It only
 * tells a partner's key from a guess before the lookup, so that a client address spending its
 * budget on guesses does not also shut out the valid keys used from it. Only a live key gets in,
 * and a failed lookup takes it out, so guesses can neither fill it nor stay in it.
 */
const KNOWN_KEYS_MAX = 10_000;
const knownKeysSlot = processSlot<LRUCache<string, true>>("api-keys.knownKeys");
const knownKeys = () => (knownKeysSlot.value ??= new LRUCache<string, true>({ max: KNOWN_KEYS_MAX }));

/**
 * Whether `key` may be looked up even when its client address has spent its budget: its lookup
 * is answered from the cache (no query), or this process has found it live before.
 */
export function isKnownKey(key: PresentedKey, snapshot: Snapshot): boolean {
  return isReadCached(snapshot, lookupKey(key)) || knownKeys().has(key.hash);
}

/**
 * The caller behind a presented key, or null when no live key has that hash. A found key is
 * cached under the request's snapshot, so a revocation (a commit) takes effect at once; a key that
 * does not exist is not cached, so a loop of random keys cannot fill memory. Each lookup is a
 * query: callers decide whether one may run (the key gate in route-auth.ts charges misses to the client address).
 * A found key is also remembered as known (`isKnownKey`); a key not found is forgotten.
 */
export async function authenticate(key: PresentedKey, snapshot: Snapshot): Promise<Caller | null> {
  const row = await readThrough(snapshot, lookupKey(key), async () => {
    const found = await findLiveKey(key.hash);
    if (!found) throw NO_SUCH_KEY;
    return found;
  }).catch((error: unknown) => {
    if (error === NO_SUCH_KEY) return null;
    throw error;
  });
  if (!row) {
    knownKeys().delete(key.hash);
    return null;
  }
  knownKeys().set(key.hash, true);
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await touchKey(row.id);
  }
  return { userId: row.userId, keyId: row.id, emailVerified: row.emailVerified };
}

async function touchKey(id: string): Promise<void> {
  const db = await getDb();
  const staleBefore = new Date(Date.now() - LAST_USED_RESOLUTION_MS);
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, staleBefore))));
}

export async function listApiKeys(userId: string): Promise<ApiKeySummary[]> {
  const db = await getDb();
  return db
    .select({
      id: apiKeys.id,
      label: apiKeys.label,
      prefix: apiKeys.prefix,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(desc(apiKeys.createdAt));
}

/** Revokes one of the account's keys; true when a live key was revoked. */
export async function revokeApiKey(userId: string, keyId: string): Promise<boolean> {
  const db = await getDb();
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return revoked.length > 0;
}
