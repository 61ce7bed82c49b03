import "server-only";
import { createHash } from "node:crypto";
import { and, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { readThrough, type Snapshot } from "@/lib/db/read-cache";
import { apiKeys } from "@/lib/db/schema";
import { newId, newSecret } from "@/lib/ids";

const KEY_PREFIX = "uds_";
const KEY_PATTERN = /^uds_[0-9A-Za-z]{40}$/;
/** last_used_at is a hint for people, so one write a minute per key is precise enough. */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * Keys carry ~238 random bits, so SHA-256 cannot be brute-forced and a slow password hash
 * would only cost CPU on every request. The lookup compares hashes, never the key itself.
 */
const hashKey = (key: string) => createHash("sha256").update(key).digest("hex");

export type ApiKeySummary = Pick<
  typeof apiKeys.$inferSelect,
  "id" | "label" | "prefix" | "createdAt" | "lastUsedAt" | "revokedAt"
>;

/** Mints a key for an account. The plaintext is returned here once and stored nowhere. */
export async function createApiKey(userId: string, label: string): Promise<{ key: string; summary: ApiKeySummary }> {
  const key = `${KEY_PREFIX}${newSecret()}`;
  const db = await getDb();
  const [row] = await db
    .insert(apiKeys)
    .values({ id: newId(), userId, label, prefix: key.slice(0, 10), keyHash: hashKey(key) })
    .returning();
  if (!row) throw new Error("api key insert returned no row");
  const { id, prefix, createdAt, lastUsedAt, revokedAt } = row;
  return { key, summary: { id, label: row.label, prefix, createdAt, lastUsedAt, revokedAt } };
}

export type Caller = { userId: string; keyId: string };

async function findLiveKey(keyHash: string) {
  const db = await getDb();
  const [row] = await db
    .select({ id: apiKeys.id, userId: apiKeys.userId, lastUsedAt: apiKeys.lastUsedAt })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)));
  return row ?? null;
}

/**
 * The caller behind an `Authorization: Bearer <key>` header, or null for anything else. The
 * lookup is cached under the request's snapshot, so a revocation (a commit) takes effect at once.
 */
export async function authenticate(header: string | null, snapshot: Snapshot): Promise<Caller | null> {
  const match = header?.match(/^Bearer ([^\s]+)$/);
  const key = match?.[1];
  if (!key || !KEY_PATTERN.test(key)) return null;
  const keyHash = hashKey(key);
  const row = await readThrough(snapshot, `key:${keyHash}`, () => findLiveKey(keyHash));
  if (!row) return null;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await touchKey(row.id);
  }
  return { userId: row.userId, keyId: row.id };
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
  // PostgreSQL refuses U+0000 in a parameter; no key id holds it.
  if (keyId.includes("\u0000")) return false;
  const db = await getDb();
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return revoked.length > 0;
}
