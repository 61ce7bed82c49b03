import "server-only";
import { AppError, TOO_MANY_REQUESTS } from "@/lib/errors";
import { countRateLimitRefusal } from "@/lib/observability/metrics";
import { consume, exhausted, pointsFor, type Bucket } from "@/lib/rate-limit/limiter";

/** The budget an account's keys and its portal session share: limits follow the account, not a key. */
export const accountBudget = (userId: string) => `account:${userId}`;

const rateLimitHeaders = (limit: number, remaining: number, resetSeconds: number) => ({
  "RateLimit-Limit": String(limit),
  "RateLimit-Remaining": String(remaining),
  "RateLimit-Reset": String(resetSeconds),
});

function tooManyRequests(bucket: Bucket, headers: Record<string, string>, resetSeconds: number): AppError {
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

/**
 * Throws the 429 `enforceRateLimit` would when `key`'s budget is already spent, without taking
 * from it: for work that is charged only after it has run (a key lookup that finds nothing).
 */
export async function refuseIfSpent(bucket: Bucket, key: string): Promise<void> {
  const resetSeconds = await exhausted(bucket, key);
  if (resetSeconds !== null) throw tooManyRequests(bucket, rateLimitHeaders(pointsFor(bucket), 0, resetSeconds), resetSeconds);
}
