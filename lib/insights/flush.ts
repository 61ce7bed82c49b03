import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { processSlot } from "@/lib/process-slot";
import { partsOf, restorePending, takePending, type Tally } from "./counter";
import { drainRedis, redisStage, stageInRedis } from "./redis-stage";

/**
 * How often an instance adds its counts to the store. A crash loses at most the counts of one
 * interval (docs/product.md, "Insights"); a clean stop flushes first (server.mjs). Short, so each
 * upsert is small: at 10 s, a busy instance's upsert took PostgreSQL a third of a core for a
 * second, and the public's requests queued behind it (decision 104).
 */
export const FLUSH_INTERVAL_MS = 2_000;
/**
 * How long one instance holds the Redis drain: longer than the slowest upsert of the instances'
 * summed counts, since a drain that outlived it could be read by a second instance and counted twice.
 */
export const DRAIN_LOCK_MS = 10_000;

const timerSlot = processSlot<NodeJS.Timeout>("insights.timer");
/** Called by server.mjs on SIGTERM/SIGINT, beside the workers' stop, so a clean stop loses no count. */
const flushSlot = processSlot<() => Promise<void>>("insights.flush");
const runningSlot = processSlot<Promise<number>>("insights.running");

/**
 * Adds a tally to `insight_counts` in one upsert, as each instance's flush does. Ids that are not
 * (or no longer) in the store are dropped here, by the join, instead of by a lookup on the path
 * that counted them; a perk counted by its id alone gets its collection here. Answers how many
 * rows it wrote.
 */
export async function addToStore(tally: Tally): Promise<number> {
  if (tally.size === 0) return 0;
  const rows = [...tally].map(([key, n]) => {
    const { day, metric, collectionId, perkId } = partsOf(key);
    return { day, metric, c: collectionId || null, p: perkId || null, n };
  });
  const db = await getDb();
  const written = await db.execute(sql`
    INSERT INTO insight_counts (day, collection_id, perk_id, metric, count)
    SELECT t.day::date, coalesce(p.collection_id, c.id), p.id, t.metric, sum(t.n)
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS t(day text, metric text, c text, p text, n bigint)
    LEFT JOIN perks p ON t.p IS NOT NULL AND p.id = t.p
    LEFT JOIN collections c ON t.p IS NULL AND c.id = t.c
    WHERE (p.id IS NOT NULL AND (t.c IS NULL OR t.c = p.collection_id)) OR c.id IS NOT NULL
    GROUP BY 1, 2, 3, 4
    -- One order for every instance, so two flushes of the same keys never wait on each other in a circle.
    ORDER BY 2, 1, 3, 4
    ON CONFLICT ON CONSTRAINT insight_counts_key DO UPDATE SET count = insight_counts.count + excluded.count`);
  // pg answers rowCount, PGlite affectedRows.
  const result = written as unknown as { affectedRows?: number; rowCount?: number | null };
  return result.rowCount ?? result.affectedRows ?? 0;
}

/**
 * Takes the pending counts and stores them: with Redis, through its shared hash (one upsert for
 * every instance), else directly. A failed flush puts them back for the next one.
 */
async function flushOnce(): Promise<number> {
  const tally = takePending();
  const redis = redisStage();
  try {
    if (!redis) return await addToStore(tally);
    try {
      await stageInRedis(redis, tally);
    } catch {
      // Redis is down: this instance stores its own counts, as it does without Redis.
      return await addToStore(tally);
    }
  } catch (error) {
    restorePending(tally);
    throw error;
  }
  return drainRedis(redis, addToStore, DRAIN_LOCK_MS);
}

/** Flushes now, after any flush under way (one at a time per process). */
export function flushInsights(): Promise<number> {
  const previous = runningSlot.value ?? Promise.resolve(0);
  const next = previous.catch(() => 0).then(flushOnce);
  runningSlot.value = next;
  return next;
}

/**
 * Flushes every FLUSH_INTERVAL_MS from now on, and leaves the stop's flush for server.mjs. Once per
 * process; with INSIGHTS=0 nothing is counted, so no timer runs and the stop has nothing to flush.
 */
export function startInsightsFlush(): void {
  if (timerSlot.value || !env().INSIGHTS) return;
  timerSlot.value = setInterval(() => {
    flushInsights().catch((error: unknown) => log().warn({ err: error }, "insights flush failed; its counts wait for the next"));
  }, FLUSH_INTERVAL_MS);
  timerSlot.value.unref();
  flushSlot.value = async () => {
    clearInterval(timerSlot.value);
    timerSlot.value = undefined;
    await flushInsights();
  };
}
