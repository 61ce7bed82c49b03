import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { env } from "@/lib/env";
import { processSingleton } from "@/lib/process-slot";
import { type AppearanceRef, dayOf, type InsightMetric } from "@/lib/schemas/insights";

/**
 * The counts of this instance since its last flush, keyed by day, metric, collection and perk. A
 * count is a map update: no database write and no network call on the path that counts
 * (docs/decisions/083). `flush.ts` takes the whole map at once and adds it to the store.
 */
export type Tally = Map<string, number>;

/**
 * At most this many distinct keys wait for a flush; beyond it a new key is dropped (keys already
 * held still count), so junk ids sent between two flushes cannot grow the memory without bound.
 */
export const MAX_PENDING_KEYS = 50_000;

// One tally per process, whichever bundle counts into it (lib/process-slot.ts).
const state = processSingleton("insights.counter", () => ({
  pending: new Map() as Tally,
  quiet: new AsyncLocalStorage<true>(),
  /** The search appearances counted within `collectingAppearances`, to be counted again per kept view. */
  collected: new AsyncLocalStorage<AppearanceRef[]>(),
  day: "",
  dayEnds: 0,
}));

/** A key's parts: the collection id is empty for a perk counted by its id alone (a perk page's beacon). */
export type CountKey = { day: string; metric: InsightMetric; collectionId: string; perkId: string };
const SEPARATOR = "\u0000";
export const keyOf = (key: CountKey) => `${key.day}${SEPARATOR}${key.metric}${SEPARATOR}${key.collectionId}${SEPARATOR}${key.perkId}`;
export function partsOf(key: string): CountKey {
  const [day, metric, collectionId, perkId] = key.split(SEPARATOR) as [string, InsightMetric, string, string];
  return { day, metric, collectionId, perkId };
}

function add(key: string, amount: number): void {
  const held = state.pending.get(key);
  if (held === undefined && state.pending.size >= MAX_PENDING_KEYS) return;
  state.pending.set(key, (held ?? 0) + amount);
}

/** Whether this call counts: not with INSIGHTS=0 (docs/decisions/089), nor inside `uncounted`. */
const counting = () => env().INSIGHTS && !state.quiet.getStore();

/** Counts one event of `metric` for a collection, or for a perk (with its collection when known). */
export function countInsight(metric: InsightMetric, ids: { collectionId?: string; perkId?: string }, amount = 1): void {
  if (!counting()) return;
  add(keyOf({ day: today(), metric, collectionId: ids.collectionId ?? "", perkId: ids.perkId ?? "" }), amount);
}

const DAY_MS = 86_400_000;
/** Today's UTC day, formatted once a day rather than once per count. */
function today(): string {
  const now = Date.now();
  if (now >= state.dayEnds) {
    state.day = dayOf(now);
    state.dayEnds = (Math.floor(now / DAY_MS) + 1) * DAY_MS;
  }
  return state.day;
}

/**
 * Counts each doc of an answer as one appearance (a perk's when it names one, else its
 * collection's), and hands the answer back unchanged: one call where results are returned.
 */
export function countAppearances<R extends { Docs: AppearanceRef[] }>(metric: InsightMetric, result: R): R {
  if (result.Docs.length === 0 || !counting()) return result;
  const day = today();
  const collected = metric === "search" ? state.collected.getStore() : undefined;
  for (const doc of result.Docs) {
    add(keyOf({ day, metric, collectionId: String(doc.PlatformNFTId), perkId: doc.PlatformPerkId ?? "" }), 1);
    collected?.push({ PlatformNFTId: doc.PlatformNFTId, ...(doc.PlatformPerkId ? { PlatformPerkId: doc.PlatformPerkId } : {}) });
  }
  return result;
}

/**
 * `work()`'s value and the search appearances it counted: a page the server keeps counts them
 * again at each view it answers from the copy, as a render would (docs/decisions/099).
 */
export async function collectingAppearances<T>(work: () => Promise<T>): Promise<{ value: T; appearances: AppearanceRef[] }> {
  const appearances: AppearanceRef[] = [];
  const value = await state.collected.run(appearances, work);
  return { value, appearances };
}

/** Counts one claim or redemption of the perk it names, and hands it back unchanged. */
export function countEvent<R extends { PlatformNFTId: string; PlatformPerkId: string }>(metric: InsightMetric, event: R): R {
  countInsight(metric, { collectionId: event.PlatformNFTId, perkId: event.PlatformPerkId });
  return event;
}

/** Runs `work` without counting: the start-up's warm-up searches and the browser's facet-only searches are seen by nobody. */
export const uncounted = <T>(work: () => T): T => state.quiet.run(true, work);

/** Takes every pending count, leaving an empty tally to count into. */
export function takePending(): Tally {
  const taken = state.pending;
  state.pending = new Map();
  return taken;
}

/** Puts back counts a flush could not store, so a database blip loses nothing (within the key bound). */
export function restorePending(tally: Tally): void {
  for (const [key, amount] of tally) add(key, amount);
}
