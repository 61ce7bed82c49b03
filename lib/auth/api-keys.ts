import "server-only";
import { createHash } from "node:crypto";
import { and, count, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { getDb, getExactReadDb } from "@/lib/db/client";
import { queryReused } from "@/lib/db/queries";
import { isReadCached, readThrough, type Snapshot } from "@/lib/db/read-cache";
import { apiKeys, teamMembers, teams, users } from "@/lib/db/schema";
import { conflict } from "@/lib/errors";
import { newId, newSecret } from "@/lib/ids";
import type { ApiKeySummary } from "@/lib/schemas/account";
import { processSlot } from "@/lib/process-slot";
import type { KeyScope, Role } from "@/lib/schemas/team-roles";
import { firstTeamOf } from "@/lib/teams/server/teams";

const KEY_PREFIX = "uds_";
const KEY_PATTERN = /^uds_[0-9A-Za-z]{40}$/;
/** last_used_at is a hint for people, so one write a minute per key is precise enough. */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * Keys carry ~238 random bits, so SHA-256 cannot be brute-forced and a slow password hash
 * would only cost CPU on every request. The lookup compares hashes, never the key itself.
 */
const hashKey = (key: string) => createHash("sha256").update(key).digest("hex");

/** Live (unrevoked) keys one team may hold: each is a credential to watch and to rotate. */
export const MAX_LIVE_KEYS = 10;
export const TOO_MANY_KEYS = `A team can have at most ${MAX_LIVE_KEYS} live API keys: revoke one you no longer use before creating another.`;

export type MintOptions = {
  /** The team the key belongs to; by default the minter's first team (scripts, operators). */
  teamId?: string;
  scope?: KeyScope;
  replaceSameLabel?: boolean;
};

/**
 * Mints a key of a team, recording the member who minted it. The plaintext is returned here once
 * and stored nowhere. The team's row is locked while its live keys are counted, so concurrent
 * mints cannot pass the cap. Scripts that mint a key at every start (dev, tests, bench) replace
 * their previous one instead.
 */
export async function createApiKey(
  userId: string,
  label: string,
  options: MintOptions = {},
): Promise<{ key: string; summary: ApiKeySummary }> {
  const key = `${KEY_PREFIX}${newSecret()}`;
  const db = await getDb();
  const teamId = options.teamId ?? (await firstTeamOf(db, userId))?.teamId;
  if (!teamId) throw conflict("The account is in no team: a key belongs to a team.");
  const row = await db.transaction(async (tx) => {
    await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for("update");
    if (options.replaceSameLabel) {
      await tx
        .update(apiKeys)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(apiKeys.teamId, teamId), eq(apiKeys.label, label), isNull(apiKeys.revokedAt)));
    }
    const [live] = await tx
      .select({ total: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.teamId, teamId), isNull(apiKeys.revokedAt)));
    if ((live?.total ?? 0) >= MAX_LIVE_KEYS) throw conflict(TOO_MANY_KEYS);
    const [inserted] = await tx
      .insert(apiKeys)
      .values({ id: newId(), teamId, userId, scope: options.scope ?? "write", label, prefix: key.slice(0, 10), keyHash: hashKey(key) })
      .returning();
    const [minter] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    return inserted && minter ? { ...inserted, createdBy: minter.email } : undefined;
  });
  if (!row) throw new Error("api key insert returned no row");
  const { id, prefix, scope, createdBy, createdAt, lastUsedAt, revokedAt } = row;
  return { key, summary: { id, label: row.label, prefix, scope, createdBy, createdAt, lastUsedAt, revokedAt } };
}

/**
 * Whoever presents a key: the team it belongs to, the member who minted it (history names them),
 * its scope and the minter's role in the team now. `emailVerified`: whether the minter has
 * confirmed their address (writes need it).
 */
export type Caller = { userId: string; teamId: string; keyId: string; scope: KeyScope; minterRole: Role; emailVerified: boolean };

/**
 * A raw statement, prepared: this lookup runs on every request whose snapshot has moved since the
 * last (any write moves it), and drizzle's query builder or planning would cost more than the
 * lookup.
 */
async function findLiveKey(keyHash: string) {
  const [row] = await queryReused<{
    id: string;
    user_id: string;
    team_id: string;
    scope: KeyScope;
    role: Role;
    last_used_at: Date | string | null;
    email_verified: boolean;
  }>(
    await getExactReadDb(),
    // A key lives only while its minter is a member of its team: removal revokes the minter's keys
    // in its transaction, and the join holds even for a key that escaped it.
    sql`SELECT k.id, k.user_id, k.team_id, k.scope, m.role, k.last_used_at, u.email_verified
          FROM ${apiKeys} k JOIN ${users} u ON u.id = k.user_id
          JOIN ${teamMembers} m ON m.team_id = k.team_id AND m.user_id = k.user_id
         WHERE k.key_hash = ${keyHash} AND k.revoked_at IS NULL`,
  );
  if (!row) return null;
  const lastUsedAt = row.last_used_at === null ? null : new Date(row.last_used_at);
  const { id, user_id: userId, team_id: teamId, scope, role: minterRole, email_verified: emailVerified } = row;
  return { id, userId, teamId, scope, minterRole, lastUsedAt, emailVerified };
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
  const { userId, teamId, scope, minterRole, emailVerified } = row;
  return { userId, teamId, keyId: row.id, scope, minterRole, emailVerified };
}

async function touchKey(id: string): Promise<void> {
  const db = await getDb();
  const staleBefore = new Date(Date.now() - LAST_USED_RESOLUTION_MS);
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, staleBefore))));
}

export async function listApiKeys(teamId: string): Promise<ApiKeySummary[]> {
  const db = await getDb();
  return db
    .select({
      id: apiKeys.id,
      label: apiKeys.label,
      prefix: apiKeys.prefix,
      scope: apiKeys.scope,
      createdBy: users.email,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.teamId, teamId))
    .orderBy(desc(apiKeys.createdAt));
}

/** Revokes one of the team's keys; true when a live key was revoked. */
export async function revokeApiKey(teamId: string, keyId: string): Promise<boolean> {
  const db = await getDb();
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.teamId, teamId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return revoked.length > 0;
}
