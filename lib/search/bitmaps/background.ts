import "server-only";
import { getExecuteSql } from "@/lib/db/client";
import { log } from "@/lib/log";
import { processSlot } from "@/lib/process-slot";
import { APPLY_BATCH, applySearchBitmapChanges, buildSearchBitmaps } from "./maintenance";
import { PRUNE_SEARCH_WRITES } from "@/lib/search/search-writes";

/**
 * When bitmap maintenance runs in this process: applies at most once a second, builds at most
 * once a minute, never two at a time, and never holding up the search that noticed.
 */

const RETRY_BUILD_AFTER_MS = 60_000;

/**
 * An apply rewrites every bitmap row its changes touch, whether one change touches it or hundreds:
 * a new collection touches some 150 terms, among them the dense ones (its chain, the one- to
 * three-letter prefixes of its words, its categories), whose rows are 8 KB each. Started for every
 * write under a steady write load, applies filled the bitmaps' TOAST table with dead rows; started
 * at most once a second, with the vacuum below, they stay small (decision 041 and
 * docs/performance-journal.md have the figures). Counts stay exact meanwhile, corrected by the
 * queue, which stays far below MAX_PENDING_CHANGES at any write rate the service takes.
 */
export const APPLY_EVERY_MS = 1_000;

/**
 * The queue is written and emptied all the time and the bitmaps rewritten: without a vacuum the
 * queue's dead rows are read by every count, and the bitmaps' dead rows pile up (PostgreSQL's
 * autovacuum may be off, as on some test servers, or slow to come). So the background apply
 * vacuums both itself, at most this often, and the title rows the same writes changed: a
 * title-ordered page is an index-only scan only over all-visible pages.
 */
const VACUUM_EVERY_MS = 30_000;

type ApplyState = { running: boolean; held?: boolean; startedAt?: number; vacuumedAt?: number };

async function vacuumIfDue(state: ApplyState): Promise<void> {
  const now = Date.now();
  if (now - (state.vacuumedAt ?? 0) < VACUUM_EVERY_MS) return;
  state.vacuumedAt = now;
  // VACUUM cannot run in a transaction: straight on a connection of its own.
  const execute = await getExecuteSql();
  await execute("VACUUM (ANALYZE) search_bitmap_changes, search_bitmaps");
  await execute("VACUUM collection_search_titles");
  // The log of search writes grows with the same writes (docs/decisions/099).
  await execute(PRUNE_SEARCH_WRITES);
}

const applyState = processSlot<ApplyState>("bitmaps.apply");
const buildState = processSlot<{ running: boolean; startedAt: number }>("bitmaps.build");

/**
 * One apply at a time in this process, at most one start per APPLY_EVERY_MS, repeated until the
 * queue is empty; the search that noticed does not wait. `now` is the clock (tests set it).
 */
export function applySearchBitmapChangesInBackground(now = Date.now()): void {
  const state = (applyState.value ??= { running: false });
  if (state.running || state.held || now - (state.startedAt ?? 0) < APPLY_EVERY_MS) return;
  state.running = true;
  state.startedAt = now;
  void (async () => {
    try {
      while ((await applySearchBitmapChanges()) === APPLY_BATCH);
      await vacuumIfDue(state);
    } catch (error) {
      log().error({ err: error }, "search bitmaps apply failed");
    } finally {
      state.running = false;
    }
  })();
}

/** Whether a background apply (or the vacuum after it) is running in this process. */
export const isApplyingInBackground = (): boolean => applyState.value?.running ?? false;

/**
 * Stops this process from starting applies in the background until the returned function is
 * called (an explicit `applySearchBitmapChanges` still runs): to look at a queue that stays put.
 */
export function holdBackgroundApplies(): () => void {
  const state = (applyState.value ??= { running: false });
  state.held = true;
  return () => {
    state.held = false;
  };
}

/** One build at a time in this process, at most one attempt a minute. */
export function buildSearchBitmapsInBackground(): void {
  const state = (buildState.value ??= { running: false, startedAt: 0 });
  if (state.running || Date.now() - state.startedAt < RETRY_BUILD_AFTER_MS) return;
  state.running = true;
  state.startedAt = Date.now();
  buildSearchBitmaps()
    .catch((error: unknown) => log().error({ err: error }, "search bitmaps build failed"))
    .finally(() => {
      state.running = false;
    });
}
