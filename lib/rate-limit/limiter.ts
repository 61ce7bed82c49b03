import "server-only";
import { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { env } from "@/lib/env";
import { outsideRequest } from "@/lib/outside-request";
import { processSlot } from "@/lib/process-slot";

/** Search and retrieval share one budget; every write (create and edit, deletes, key minting and revocation) a smaller one. */
export type Bucket = "read" | "write";

const WINDOW_SECONDS = 60;

export type RateLimitDecision = {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
};

const limitersSlot = processSlot<Map<string, RateLimiterAbstract>>("limiter.limiters");
const redisSlot = processSlot<Redis>("limiter.redis");
const redisReadySlot = processSlot<Promise<void>>("limiter.redisReady");

/** How long the first request of an instance waits for Redis before using the fallback. */
const CONNECT_WAIT_MS = 500;

function redis(url: string): Redis {
  // No offline queue and one retry: when Redis is down, calls fail at once and the in-process
  // insurance limiter answers instead of requests hanging.
  redisSlot.value ??= new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 1_000,
    commandTimeout: 500,
  });
  redisSlot.value.on("error", () => {
    // Reconnection is automatic; the insurance limiter covers the gap.
  });
  return redisSlot.value;
}

/**
 * Waits (briefly, once per connection) for Redis to be ready, so an instance's first requests
 * count against the shared budget instead of the fallback's.
 */
function redisReady(client: Redis): Promise<void> {
  redisReadySlot.value ??= new Promise<void>((resolve) => {
    if (client.status === "ready") return resolve();
    const timer = setTimeout(resolve, CONNECT_WAIT_MS);
    client.once("ready", () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return redisReadySlot.value;
}

export function pointsFor(bucket: Bucket): number {
  const settings = env();
  return bucket === "write" ? settings.RATE_LIMIT_CREATE_PER_MINUTE : settings.RATE_LIMIT_SEARCH_PER_MINUTE;
}

function build(name: string, points: number, duration: number): RateLimiterAbstract {
  const options = { points, duration, keyPrefix: `uds:rl:${name}` };
  const memory = new RateLimiterMemory(options);
  const url = env().REDIS_URL;
  if (!url) return memory;
  // Several instances share one budget through Redis; if Redis is unreachable each instance
  // falls back to its own in-process budget rather than failing or letting everything through.
  return new RateLimiterRedis({
    ...options,
    storeClient: redis(url),
    rejectIfRedisNotReady: true,
    insuranceLimiter: memory,
  });
}

function limiter(name: string, points: number, duration: number): RateLimiterAbstract {
  limitersSlot.value ??= new Map();
  const id = `${name}:${points}:${duration}`;
  let existing = limitersSlot.value.get(id);
  if (!existing) {
    existing = build(name, points, duration);
    limitersSlot.value.set(id, existing);
  }
  return existing;
}

/** Takes one request from `key`'s budget in `bucket`. */
export function consume(bucket: Bucket, key: string): Promise<RateLimitDecision> {
  return consumeRule(bucket, pointsFor(bucket), WINDOW_SECONDS, key);
}

/**
 * Takes one request from `key`'s budget of `limit` per `windowSeconds` under `name`: the same
 * store (Redis when configured, with the in-process fallback) for every limit of the service.
 */
export async function consumeRule(name: string, limit: number, windowSeconds: number, key: string): Promise<RateLimitDecision> {
  const decide = (res: RateLimiterRes, allowed: boolean): RateLimitDecision => ({
    allowed,
    limit,
    remaining: Math.max(0, res.remainingPoints),
    resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
  });
  const active = limiter(name, limit, windowSeconds);
  if (redisSlot.value) await redisReady(redisSlot.value);
  try {
    // Outside the request: the in-process store keeps a timer per key for its whole window.
    return decide(await outsideRequest(() => active.consume(key)), true);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return decide(rejection, false);
    throw rejection;
  }
}

/** Seconds until `key` may try again when its budget under `name` is used up, else null; takes nothing. */
export async function exhaustedFor(name: string, limit: number, windowSeconds: number, key: string): Promise<number | null> {
  const active = limiter(name, limit, windowSeconds);
  if (redisSlot.value) await redisReady(redisSlot.value);
  const state = await active.get(key).catch(() => null);
  if (!state || state.consumedPoints < limit) return null;
  return Math.max(1, Math.ceil(state.msBeforeNext / 1000));
}

/** `key`'s budget in `bucket` as it stands, taking nothing (for an answer refused before it spends). */
export async function standing(bucket: Bucket, key: string): Promise<RateLimitDecision> {
  const limit = pointsFor(bucket);
  const active = limiter(bucket, limit, WINDOW_SECONDS);
  if (redisSlot.value) await redisReady(redisSlot.value);
  const state = await active.get(key).catch(() => null);
  const consumed = state?.consumedPoints ?? 0;
  return {
    allowed: consumed < limit,
    limit,
    remaining: Math.max(0, limit - consumed),
    resetSeconds: state ? Math.max(1, Math.ceil(state.msBeforeNext / 1000)) : WINDOW_SECONDS,
  };
}

/** Drops the limiters and the Redis connection (tests, and scripts that must exit). */
export async function closeRateLimiters(): Promise<void> {
  limitersSlot.value = undefined;
  const client = redisSlot.value;
  redisSlot.value = undefined;
  redisReadySlot.value = undefined;
  if (client) client.disconnect();
}
