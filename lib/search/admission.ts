import "server-only";
import pLimit, { type LimitFunction } from "p-limit";
import { env } from "@/lib/env";
import { processSlot } from "@/lib/process-slot";

/**
 * At most `SEARCH_CONCURRENCY` searches computed at once in a process (0, the default: no limit).
 * The rest wait, in arrival order, before any of their database or ranking work, so that on a
 * saturated instance a partner's save competes with a few searches rather than every one queued
 * (docs/decisions/093-search-admission.md).
 */
const limiterSlot = processSlot<{ limit: number; run: LimitFunction }>("search.admission");

export function admitSearch<T>(run: () => Promise<T>): Promise<T> {
  const limit = env().SEARCH_CONCURRENCY;
  if (limit === 0) return run();
  if (limiterSlot.value?.limit !== limit) limiterSlot.value = { limit, run: pLimit(limit) };
  return limiterSlot.value.run(run);
}
