import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { buildDeferredIndexes } from "@/lib/db/deferred-indexes";
import { buildSearchBitmaps } from "@/lib/search/bitmaps";
import { refreshFrequentLexemes } from "@/lib/search/frequent-lexemes";

/** What a bulk load left to do: indexes and keys it dropped, bitmaps it marked out of date, no frequent-word snapshot. */
export type LoadLeftovers = { indexes: number; bitmaps: boolean; lexemes: boolean };

export async function loadLeftovers(): Promise<LoadLeftovers> {
  const db = await getDb();
  const [row] = await queryRows<{ indexes: number; bitmaps: boolean; lexemes: boolean }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM deferred_indexes) AS indexes,
               coalesce((SELECT built_at IS NULL FROM search_bitmaps_state), true) AS bitmaps,
               coalesce((SELECT refreshed_at IS NULL FROM frequent_lexemes_state), true) AS lexemes`,
  );
  return row ?? { indexes: 0, bitmaps: false, lexemes: false };
}

/** In words, for the readiness answer and the log; null when nothing is left to do. */
export function leftoversProblem({ indexes, bitmaps, lexemes }: LoadLeftovers): string | null {
  const parts = [
    ...(indexes > 0 ? [`${indexes} indexes and keys`] : []),
    ...(bitmaps ? ["the search bitmaps"] : []),
    ...(lexemes ? ["the frequent-word snapshot"] : []),
  ];
  if (parts.length === 0) return null;
  return indexes > 0
    ? `repairing the store: building ${parts.join(", ")}, left unbuilt by an interrupted load`
    : `building ${parts.join(", ")}`;
}

/**
 * Finishes what an interrupted bulk load (a seed stopped by Ctrl-C or a killed process group)
 * left: without it the store holds every row but searches read them all (no indexes) or count
 * them (no bitmaps). Safe beside another instance doing the same (each index is built once; the
 * bitmaps' build takes their lock). `report` is told each step.
 */
export async function repairInterruptedLoad(leftovers: LoadLeftovers, report: (text: string) => void): Promise<void> {
  const db = await getDb();
  if (leftovers.indexes > 0) await buildDeferredIndexes(db, (name) => report(`built ${name}`));
  if (leftovers.bitmaps) {
    await buildSearchBitmaps();
    report("built the search bitmaps");
  }
  if (leftovers.lexemes) {
    await refreshFrequentLexemes({ wait: true });
    report("took the frequent-word snapshot");
  }
}
