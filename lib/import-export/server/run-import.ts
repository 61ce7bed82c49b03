import "server-only";
import { writeCreateRequest } from "@/lib/collections/write";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { ImportItem } from "../import-item";
import { describeProblem, ImportProblems, problemFromError } from "../problems";
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
 * Checks every request against the store (all problems at once, `ImportProblems`), then applies
 * them in order in one transaction through the same write as the API's create, so every rule,
 * the derived search rows and whatever else that write does hold for imported rows too. A
 * failure inside (a concurrent change, the record byte bound) rolls all of it back and names the
 * request's place in the file.
 */
export async function runImport(userId: string, items: ImportItem[], onProgress?: Progress): Promise<ImportSummary> {
  const problems = await checkImport(await getDb(), userId, items);
  if (problems.length > 0) throw new ImportProblems(problems);
  return applyImport(userId, items, onProgress);
}

/** The transaction of `runImport`, for a caller that has run `checkImport` itself. */
export async function applyImport(userId: string, items: ImportItem[], onProgress?: Progress): Promise<ImportSummary> {
  const db = await getDb();
  const now = Date.now();
  const summary: ImportSummary = { requests: items.length, created: 0, edited: 0, perks: 0 };
  const edited = new Set<string>();
  await db.transaction(async (tx) => {
    for (const [index, item] of items.entries()) {
      try {
        await writeCreateRequest(tx, { userId, keyId: null }, item.request, item.submitted, now);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const problem = problemFromError(error, item.locate);
        throw new AppError(error.status, `${describeProblem(problem)}; nothing was imported`);
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
