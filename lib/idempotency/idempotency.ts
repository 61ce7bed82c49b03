import "server-only";
import { createHash } from "node:crypto";
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import type { Transaction } from "@/lib/db/types";
import { idempotencyKeys } from "@/lib/db/schema";
import { AppError, badRequest, conflict, type ErrorBody } from "@/lib/errors";
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN, REPLAYED_HEADER } from "./constants";

/** How long a key is remembered, as Stripe does. */
export const IDEMPOTENCY_TTL_HOURS = 24;
/**
 * A first request that has not finished after this long died with its process (requests end
 * within seconds), so a retry may take its key over instead of waiting out the 24 hours.
 */
const ABANDONED_AFTER_SECONDS = 120;

export type Outcome<T> = { result: T; replayed: boolean };

/**
 * The request is identified by its raw bytes, as sent: hashing a parsed value would first have to
 * serialise it again, which a deeply nested body turns into a stack overflow.
 */
const hashBody = (body: unknown) =>
  createHash("sha256")
    .update(body instanceof Uint8Array || typeof body === "string" ? body : JSON.stringify(body ?? null))
    .digest("hex");

function parseKey(raw: string | null): string | null {
  if (raw === null) return null;
  if (!IDEMPOTENCY_KEY_PATTERN.test(raw)) {
    throw badRequest(`${IDEMPOTENCY_HEADER}: must be 1 to 255 visible ASCII characters, such as a UUID`);
  }
  return raw;
}

/**
 * Claims the key for this request. Returns the claim's time (as PostgreSQL wrote it) when this
 * request is the first or takes over an abandoned one, null otherwise; the answer is stored only
 * under that same claim, so a request that was taken over cannot also store its answer.
 */
async function claim(teamId: string, key: string, requestHash: string): Promise<string | null> {
  const db = await getDb();
  // Expired keys go first, so a key older than the TTL is free to be used again.
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`));
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ teamId, key, requestHash })
    .onConflictDoNothing()
    .returning({ claimedAt: sql<string>`${idempotencyKeys.createdAt}::text` });
  if (inserted[0]) return inserted[0].claimedAt;
  const takenOver = await db
    .update(idempotencyKeys)
    .set({ requestHash, createdAt: sql`now()` })
    .where(
      and(
        eq(idempotencyKeys.teamId, teamId),
        eq(idempotencyKeys.key, key),
        eq(idempotencyKeys.requestHash, requestHash),
        isNull(idempotencyKeys.status),
        lt(idempotencyKeys.createdAt, sql`now() - make_interval(secs => ${ABANDONED_AFTER_SECONDS})`),
      ),
    )
    .returning({ claimedAt: sql<string>`${idempotencyKeys.createdAt}::text` });
  return takenOver[0]?.claimedAt ?? null;
}

/**
 * This request's own claim while it is still unsettled. A request that failed may still have
 * committed its answer (the COMMIT reached the server, its reply was lost), and a retry may have
 * taken the key over: neither may be overwritten or deleted.
 */
const ownOpenClaim = (teamId: string, key: string, claimedAt: string) =>
  and(
    eq(idempotencyKeys.teamId, teamId),
    eq(idempotencyKeys.key, key),
    isNull(idempotencyKeys.status),
    sql`${idempotencyKeys.createdAt}::text = ${claimedAt}`,
  );

/** The claim was taken over by a retry while this request ran: its write is rolled back, the key left alone. */
class ClaimLost extends AppError {}

/** Stores the success answer in the write's own transaction: it commits with the data or not at all. */
async function settleWithin(tx: Transaction, teamId: string, key: string, claimedAt: string, response: unknown): Promise<void> {
  const settled = await tx
    .update(idempotencyKeys)
    .set({ status: 200, response })
    .where(ownOpenClaim(teamId, key, claimedAt))
    .returning({ key: idempotencyKeys.key });
  if (settled.length === 0) {
    // Another request took this key over while this one ran: roll this write back.
    throw new ClaimLost(409, `${IDEMPOTENCY_HEADER}: a request with this key is still being processed; retry it shortly`);
  }
}

async function settle(teamId: string, key: string, claimedAt: string, status: number, response: unknown): Promise<void> {
  const db = await getDb();
  await db
    .update(idempotencyKeys)
    .set({ status, response })
    .where(ownOpenClaim(teamId, key, claimedAt));
}

async function release(teamId: string, key: string, claimedAt: string): Promise<void> {
  const db = await getDb();
  await db.delete(idempotencyKeys).where(ownOpenClaim(teamId, key, claimedAt));
}

async function replay<T>(teamId: string, key: string, requestHash: string): Promise<Outcome<T>> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.teamId, teamId), eq(idempotencyKeys.key, key)));
  if (!row) throw conflict(`${IDEMPOTENCY_HEADER}: the first request with this key has just failed; retry it`);
  if (row.requestHash !== requestHash) {
    throw new AppError(422, `${IDEMPOTENCY_HEADER}: this key was already used with a different request body`);
  }
  if (row.status === null) {
    throw conflict(`${IDEMPOTENCY_HEADER}: a request with this key is still being processed; retry it shortly`, { code: "busy" });
  }
  if (row.status !== 200) {
    const stored = row.response as Partial<ErrorBody> | null;
    // Answers stored before codes were kept have none: the status's code and the message's field.
    throw new AppError(
      row.status,
      stored?.error ?? "request failed",
      { [REPLAYED_HEADER]: "true" },
      { code: stored?.code, field: stored?.field },
    );
  }
  return { result: row.response as T, replayed: true };
}

/** Called by `run` inside its write transaction, just before the commit, with the answer. */
export type StoreAnswer<T> = (tx: Transaction, result: T) => Promise<void>;

/**
 * Runs `run` at most once per (account, Idempotency-Key) within 24 hours, with Stripe's
 * semantics: a retry with the same body replays the first answer (a success or a domain error
 * such as 404/409) and stores nothing; the same key with another body is a 422; the same key
 * while the first request runs is a 409. Requests that fail validation or hit a server fault
 * (a ZodError, a 400, a 5xx) release the key, since nothing was executed.
 *
 * `body` is the request's raw bytes (a request without a body may pass any small value that
 * identifies it, such as its path; it is hashed as JSON). A `run` that writes should call the `storeAnswer` it is
 * given inside its transaction: the answer then commits atomically with the data, so a lost
 * connection or a crash between the two can never let a retry execute the request again.
 * A `run` that ignores it gets the answer stored after it returns.
 */
export async function idempotent<T>(
  teamId: string,
  rawKey: string | null,
  body: unknown,
  run: (storeAnswer?: StoreAnswer<T>) => Promise<T>,
): Promise<Outcome<T>> {
  const key = parseKey(rawKey);
  if (key === null) return { result: await run(), replayed: false };
  const requestHash = hashBody(body);
  const claimedAt = await claim(teamId, key, requestHash);
  if (claimedAt === null) return replay<T>(teamId, key, requestHash);
  let storedWithin = false;
  try {
    const result = await run(async (tx, answer) => {
      await settleWithin(tx, teamId, key, claimedAt, answer);
      storedWithin = true;
    });
    if (!storedWithin) await settle(teamId, key, claimedAt, 200, result);
    return { result, replayed: false };
  } catch (error) {
    if (error instanceof ClaimLost) throw error;
    if (error instanceof AppError && error.status >= 400 && error.status < 500 && error.status !== 400) {
      await settle(teamId, key, claimedAt, error.status, error.body());
    } else {
      await release(teamId, key, claimedAt).catch(() => {});
    }
    throw error;
  }
}
