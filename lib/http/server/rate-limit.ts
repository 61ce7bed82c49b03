import "server-only";
import { AppError, TOO_MANY_REQUESTS } from "@/lib/errors";
import { countRateLimitRefusal } from "@/lib/observability/metrics";
import { consume, consumeRule, exhaustedFor, pointsFor, standing, type Bucket } from "@/lib/rate-limit/limiter";

/** The budget a team's keys and its members' portal sessions share: limits follow the team, not a key or a member. */
export const teamBudget = (teamId: string) => `team:${teamId}`;

const rateLimitHeaders = (limit: number, remaining: number, resetSeconds: number) => ({
  "RateLimit-Limit": String(limit),
  "RateLimit-Remaining": String(remaining),
  "RateLimit-Reset": String(resetSeconds),
});

function tooManyRequests(bucket: string, headers: Record<string, string>, resetSeconds: number): AppError {
  countRateLimitRefusal(bucket);
  return new AppError(429, TOO_MANY_REQUESTS, { ...headers, "Retry-After": String(resetSeconds) });
}

/**
 * Takes one request from `key`'s budget and returns the RateLimit headers every answer carries;
 * past the budget, throws the 429 (with those headers and Retry-After).
 */
export async function enforceRateLimit(bucket: Bucket, key: string): Promise<Record<string, string>> {
  const decision = await consume(bucket, key);
  const headers = rateLimitHeaders(decision.limit, decision.remaining, decision.resetSeconds);
  if (!decision.allowed) throw tooManyRequests(bucket, headers, decision.resetSeconds);
  return headers;
}

/** The RateLimit headers of `key`'s budget as it stands, taking nothing: for an answer refused before the budget is spent. */
export async function rateLimitStanding(bucket: Bucket, key: string): Promise<Record<string, string>> {
  const state = await standing(bucket, key);
  return rateLimitHeaders(state.limit, state.remaining, state.resetSeconds);
}

/**
 * Key lookups that found nothing, per client address: a budget of their own, as large as the read
 * budget, so that guessing keys is throttled while keyless traffic from the same address (a shared
 * NAT or serverless egress) never keeps a valid key from being looked up.
 */
const FAILED_LOOKUPS = "key-miss";
const WINDOW_SECONDS = 60;

/**
 * Throws the 429 when the address's failed key lookups are used up, without taking from them:
 * a key this process has not found live is then refused before its lookup.
 */
export async function refuseIfLookupsSpent(addressKey: string): Promise<void> {
  const limit = pointsFor("read");
  const resetSeconds = await exhaustedFor(FAILED_LOOKUPS, limit, WINDOW_SECONDS, addressKey);
  if (resetSeconds !== null) throw tooManyRequests(FAILED_LOOKUPS, rateLimitHeaders(limit, 0, resetSeconds), resetSeconds);
}

/** Counts one key lookup that found nothing against the address. */
export async function chargeFailedLookup(addressKey: string): Promise<void> {
  await consumeRule(FAILED_LOOKUPS, pointsFor("read"), WINDOW_SECONDS, addressKey);
}

/**
 * The start-up rehearsal's budget (lib/startup/rehearsal.ts), apart from every team's and
 * address's: it takes through the same limiter store as theirs, so the rehearsal finds that
 * store (Redis when configured) ready, and is never refused.
 */
const REHEARSAL_PER_MINUTE = 1_000_000;
export async function enforceRehearsalBudget(bucket: Bucket): Promise<Record<string, string>> {
  const decision = await consumeRule(`rehearsal-${bucket}`, REHEARSAL_PER_MINUTE, WINDOW_SECONDS, "start-up");
  return rateLimitHeaders(decision.limit, decision.remaining, decision.resetSeconds);
}
