import "server-only";
import { Redis } from "ioredis";
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import { env } from "@/lib/env";

/** Search and retrieval share one budget; create, which writes, has a smaller one. */
export type Bucket = "read" | "create";

const WINDOW_SECONDS = 60;

export type RateLimitDecision = {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
};

const holder = globalThis as unknown as {
  __udsLimiters?: Map<Bucket, RateLimiterAbstract>;
  __udsRedis?: Redis;
  __udsRedisReady?: Promise<void>;
};

/** How long the first request of an instance waits for Redis before using the fallback. */
const CONNECT_WAIT_MS = 500;

function redis(url: string): Redis {
  // No offline queue and one retry: when Redis is down, calls fail at once and the in-process
  // insurance limiter answers instead of requests hanging.
  holder.__udsRedis ??= new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 1_000,
    commandTimeout: 500,
  });
  holder.__udsRedis.on("error", () => {
    // Reconnection is automatic; the insurance limiter covers the gap.
  });
  return holder.__udsRedis;
}

/**
 * Waits (briefly, once per connection) for Redis to be ready, so an instance's first requests
 * count against the shared budget instead of the fallback's.
 */
function redisReady(client: Redis): Promise<void> {
  holder.__udsRedisReady ??= new Promise<void>((resolve) => {
    if (client.status === "ready") return resolve();
    const timer = setTimeout(resolve, CONNECT_WAIT_MS);
    client.once("ready", () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return holder.__udsRedisReady;
}

export function pointsFor(bucket: Bucket): number {
  const settings = env();
  return bucket === "create" ? settings.RATE_LIMIT_CREATE_PER_MINUTE : settings.RATE_LIMIT_SEARCH_PER_MINUTE;
}

function build(bucket: Bucket): RateLimiterAbstract {
  const options = { points: pointsFor(bucket), duration: WINDOW_SECONDS, keyPrefix: `uds:rl:${bucket}` };
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

function limiter(bucket: Bucket): RateLimiterAbstract {
  holder.__udsLimiters ??= new Map();
  let existing = holder.__udsLimiters.get(bucket);
  if (!existing) {
    existing = build(bucket);
    holder.__udsLimiters.set(bucket, existing);
  }
  return existing;
}

/** Takes one request from `key`'s budget in `bucket`. */
export async function consume(bucket: Bucket, key: string): Promise<RateLimitDecision> {
  const limit = pointsFor(bucket);
  const decide = (res: RateLimiterRes, allowed: boolean): RateLimitDecision => ({
    allowed,
    limit,
    remaining: Math.max(0, res.remainingPoints),
    resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
  });
  const active = limiter(bucket);
  if (holder.__udsRedis) await redisReady(holder.__udsRedis);
  try {
    return decide(await active.consume(key), true);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return decide(rejection, false);
    throw rejection;
  }
}

/** Drops the limiters and the Redis connection (tests, and scripts that must exit). */
export async function closeRateLimiters(): Promise<void> {
  holder.__udsLimiters = undefined;
  const client = holder.__udsRedis;
  holder.__udsRedis = undefined;
  holder.__udsRedisReady = undefined;
  if (client) client.disconnect();
}
