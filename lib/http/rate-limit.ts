import "server-only";
import { AppError, TOO_MANY_REQUESTS } from "@/lib/errors";
import { consume, type Bucket } from "@/lib/rate-limit/limiter";

/**
 * Takes one request from `key`'s budget and returns the RateLimit headers every answer carries;
 * past the budget, throws the 429 (with those headers and Retry-After).
 */
export async function enforceRateLimit(bucket: Bucket, key: string): Promise<Record<string, string>> {
  const decision = await consume(bucket, key);
  const headers = {
    "RateLimit-Limit": String(decision.limit),
    "RateLimit-Remaining": String(decision.remaining),
    "RateLimit-Reset": String(decision.resetSeconds),
  };
  if (!decision.allowed) {
    throw new AppError(429, TOO_MANY_REQUESTS, { ...headers, "Retry-After": String(decision.resetSeconds) });
  }
  return headers;
}
