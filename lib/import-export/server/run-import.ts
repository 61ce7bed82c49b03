import "server-only";
import { sql } from "drizzle-orm";
import type { Actor } from "@/lib/history/record";
import { writeCreateRequest } from "@/lib/collections/write";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { ImportItem } from "../import-item";
import { describeProblem, ImportProblems, problemFromError, problemPlace } from "../problems";
import { checkImport } from "./check-import";

export type ImportSummary = {
  /** Create requests applied (a CSV collection with more than 100 perks takes several). */
  requests: number;
  created: number;
  edited: number;
  perks: number;
};

export type Progress = (done: number, total: number) => void;

/**
 * How long the transaction may hold its connection: each statement (a lock wait included), and
 * the whole import. The largest file the bounds admit (30,000 perks) takes about a minute and a
 * half on PostgreSQL; past these, the import rolls back and says to split the file.
 */
export type ImportTimes = { statementMs: number; totalMs: number };
export const IMPORT_TIMES: ImportTimes = { statementMs: 15_000, totalMs: 150_000 };

/** A statement the server cancelled at `statement_timeout` (SQLSTATE 57014), wherever drizzle wrapped it. */
function cancelledStatement(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: string }).code === "57014") return true;
  }
  return false;
}

/**
 * Checks every request against the store (all problems at once, `ImportProblems`), then applies
 * them in order in one transaction through the same write as the API's create, so every rule,
 * the derived search rows and whatever else that write does hold for imported rows too. A
 * failure inside (a concurrent change, the record byte bound) rolls all of it back and names the
 * request's place in the file.
 */
export async function runImport(actor: Actor, items: ImportItem[], onProgress?: Progress): Promise<ImportSummary> {
  const found = await checkImport(await getDb(), actor.teamId, items);
  if (found.problems.length > 0) throw new ImportProblems(found);
  return applyImport(actor, items, onProgress);
}

/** The transaction of `runImport`, for a caller that has run `checkImport` itself. */
export async function applyImport(
  actor: Actor,
  items: ImportItem[],
  onProgress?: Progress,
  times: ImportTimes = IMPORT_TIMES,
): Promise<ImportSummary> {
  const db = await getDb();
  const now = Date.now();
  const summary: ImportSummary = { requests: items.length, created: 0, edited: 0, perks: 0 };
  const edited = new Set<string>();
  const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;
  const started = performance.now();
  await db.transaction(async (tx) => {
    // SET cannot take a parameter; the value is a number of ours.
    await tx.execute(sql.raw(`SET LOCAL statement_timeout = ${Math.round(times.statementMs)}`));
    for (const [index, item] of items.entries()) {
      if (performance.now() - started > times.totalMs) {
        throw new AppError(
          400,
          `file: the import ran longer than ${seconds(times.totalMs)} and was rolled back after ${index} of ${items.length} requests; nothing was imported: split the file`,
        );
      }
      try {
        await writeCreateRequest(tx, actor, item.request, item.submitted, now);
      } catch (error) {
        if (cancelledStatement(error)) {
          const place = problemPlace(item.locate("body"));
          throw new AppError(503, `${place}: a statement waited longer than ${seconds(times.statementMs)}; nothing was imported`);
        }
        if (!(error instanceof AppError)) throw error;
        const problem = problemFromError(error, item.locate);
        throw new AppError(error.status, `${describeProblem(problem)}; nothing was imported`, {}, { code: error.code });
      }
      const nftId = item.request.nftData?.PlatformNFTId;
      if (item.request.nftData && !nftId) summary.created += 1;
      for (const id of [nftId, ...(item.request.perkData ?? []).map((perk) => perk.PlatformNFTId)]) if (id) edited.add(id);
      summary.perks += item.request.perkData?.length ?? 0;
      onProgress?.(index + 1, items.length);
    }
  });
  summary.edited = edited.size;
  return summary;
}
