import "server-only";
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { env } from "@/lib/env";
import { processSlot } from "@/lib/process-slot";
import type { Tally } from "./counter";

/**
 * With REDIS_URL, every instance's flush adds its tally to one Redis hash, and whichever instance
 * holds the drain lock adds that hash to the store: one upsert per interval for all instances
 * together (docs/decisions/083). Keys are named after the database, so instances of another store
 * (another test file's) never drain these counts.
 */
const redisSlot = processSlot<Redis>("insights.redis");

function client(url: string): Redis {
  // As the rate limiter's: fail at once when Redis is down, and the caller stores directly instead.
  redisSlot.value ??= new Redis(url, { enableOfflineQueue: true, maxRetriesPerRequest: 1, connectTimeout: 1_000, commandTimeout: 1_000 });
  redisSlot.value.on("error", () => {
    // Reconnection is automatic; a flush meanwhile writes to the store itself.
  });
  return redisSlot.value;
}

function keys() {
  const database = env().DATABASE_URL ? new URL(env().DATABASE_URL!).pathname.slice(1) : "embedded";
  const base = `uds:insights:${database}`;
  return { pending: `${base}:pending`, draining: `${base}:draining`, lock: `${base}:drain-lock` };
}

/** The Redis stage, or null without REDIS_URL. */
export const redisStage = () => (env().REDIS_URL ? client(env().REDIS_URL!) : null);

/** Adds a tally to the shared pending hash, in one round trip. */
export async function stageInRedis(redis: Redis, tally: Tally): Promise<void> {
  if (tally.size === 0) return;
  const multi = redis.multi();
  for (const [key, amount] of tally) multi.hincrby(keys().pending, key, amount);
  await multi.exec();
}

/**
 * If no other instance is draining, takes the whole pending hash (a leftover of a drainer that
 * died first, before it), hands it to `store`, and deletes it once stored. A failed store leaves
 * it for the next drain. Answers what `store` answered, or 0 when another instance drains.
 */
export async function drainRedis(redis: Redis, store: (tally: Tally) => Promise<number>, lockMs: number): Promise<number> {
  const { pending, draining, lock } = keys();
  const token = randomBytes(8).toString("hex");
  if ((await redis.set(lock, token, "PX", lockMs, "NX")) !== "OK") return 0;
  try {
    if (!(await redis.exists(draining))) {
      if (!(await redis.exists(pending))) return 0;
      await redis.rename(pending, draining);
    }
    const held = await redis.hgetall(draining);
    const written = await store(new Map(Object.entries(held).map(([key, amount]) => [key, Number(amount)])));
    await redis.del(draining);
    return written;
  } finally {
    // Only our own lock: one that expired and was taken by another instance stays theirs.
    if ((await redis.get(lock)) === token) await redis.del(lock);
  }
}

/** Closes the connection (tests, and scripts that must exit). */
export function closeInsightsRedis(): void {
  redisSlot.value?.disconnect();
  redisSlot.value = undefined;
}
