import "server-only";
import { createHash } from "node:crypto";
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { idempotencyKeys } from "@/lib/db/schema";
import { AppError, badRequest, conflict } from "@/lib/errors";

import { IDEMPOTENCY_HEADER, REPLAYED_HEADER } from "./constants";

export { IDEMPOTENCY_HEADER, REPLAYED_HEADER };
/** How long a key is remembered, as Stripe does. */
export const IDEMPOTENCY_TTL_HOURS = 24;
/**
 * A first request that has not finished after this long died with its process (requests end
 * within seconds), so a retry may take its key over instead of waiting out the 24 hours.
 */
const ABANDONED_AFTER_SECONDS = 120;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export type Outcome<T> = { result: T; replayed: boolean };

const hashBody = (body: unknown) => createHash("sha256").update(JSON.stringify(body)).digest("hex");

function parseKey(raw: string | null): string | null {
  if (raw === null) return null;
  if (!KEY_PATTERN.test(raw)) {
    throw badRequest(`${IDEMPOTENCY_HEADER}: must be 1 to 255 visible ASCII characters, such as a UUID`);
  }
  return raw;
}

/** Claims the key for this request: true when this request is the first (or takes over an abandoned one). */
async function claim(userId: string, key: string, requestHash: string): Promise<boolean> {
  const db = await getDb();
  // Expired keys go first, so a key older than the TTL is free to be used again.
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`));
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ userId, key, requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) return true;
  const takenOver = await db
    .update(idempotencyKeys)
    .set({ requestHash, createdAt: sql`now()` })
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        eq(idempotencyKeys.requestHash, requestHash),
        isNull(idempotencyKeys.status),
        lt(idempotencyKeys.createdAt, sql`now() - make_interval(secs => ${ABANDONED_AFTER_SECONDS})`),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  return takenOver.length > 0;
}

async function settle(userId: string, key: string, status: number, response: unknown): Promise<void> {
  const db = await getDb();
  await db
    .update(idempotencyKeys)
    .set({ status, response })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

async function release(userId: string, key: string): Promise<void> {
  const db = await getDb();
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

async function replay<T>(userId: string, key: string, requestHash: string): Promise<Outcome<T>> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  if (!row) throw conflict(`${IDEMPOTENCY_HEADER}: the first request with this key has just failed; retry it`);
  if (row.requestHash !== requestHash) {
    throw new AppError(422, `${IDEMPOTENCY_HEADER}: this key was already used with a different request body`);
  }
  if (row.status === null) {
    throw conflict(`${IDEMPOTENCY_HEADER}: a request with this key is still being processed; retry it shortly`);
  }
  if (row.status !== 200) {
    const message = (row.response as { error?: string } | null)?.error ?? "request failed";
    throw new AppError(row.status, message, { [REPLAYED_HEADER]: "true" });
  }
  return { result: row.response as T, replayed: true };
}

/**
 * Runs `run` at most once per (account, Idempotency-Key) within 24 hours, with Stripe's
 * semantics: a retry with the same body replays the first answer (a success or a domain error
 * such as 404/409) and stores nothing; the same key with another body is a 422; the same key
 * while the first request runs is a 409. Requests that fail validation or hit a server fault
 * (a ZodError, a 400, a 5xx) release the key, since nothing was executed.
 */
export async function idempotent<T>(
  userId: string,
  rawKey: string | null,
  body: unknown,
  run: () => Promise<T>,
): Promise<Outcome<T>> {
  const key = parseKey(rawKey);
  if (key === null) return { result: await run(), replayed: false };
  const requestHash = hashBody(body);
  if (!(await claim(userId, key, requestHash))) return replay<T>(userId, key, requestHash);
  try {
    const result = await run();
    await settle(userId, key, 200, result);
    return { result, replayed: false };
  } catch (error) {
    if (error instanceof AppError && error.status >= 400 && error.status < 500 && error.status !== 400) {
      await settle(userId, key, error.status, { error: error.message });
    } else {
      await release(userId, key).catch(() => {});
    }
    throw error;
  }
}
