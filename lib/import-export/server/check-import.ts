import "server-only";
import { inArray, sql } from "drizzle-orm";
import { collectReferences, checkManaged, perkEdits, type Reference } from "@/lib/schemas/write-rules";
import type { Queryable } from "@/lib/db/types";
import { collections, perks } from "@/lib/db/schema";
import { AppError, staleVersion } from "@/lib/errors";
import { LIMITS } from "@/lib/schemas/limits";
import type { ImportItem } from "../import-item";
import { fileProblems, problemFromError, ProblemList, type FileProblems } from "../problems";

type Stored = { id: string; teamId: string; version: number; perks: number };

/**
 * The store's rules for every request of a file, checked before anything is written so that
 * all problems are listed at once (the first 100, and how many more): each collection exists and is the caller's, each Version
 * precondition holds, each perk to edit is in its collection, no collection passes its perk
 * bound. Requests are followed in order, as the import will apply them: a collection edited
 * twice is one Version further on for the second request. The import repeats every check under
 * its locks; only the record's byte bound is left to it.
 */
export async function checkImport(db: Queryable, teamId: string, items: ImportItem[]): Promise<FileProblems> {
  const problems = new ProblemList();
  const referenced = items.map((item) => {
    try {
      return collectReferences(item.request);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      problems.add(problemFromError(error, item.locate));
      return null;
    }
  });
  const ids = [...new Set(referenced.flatMap((list) => (list ?? []).map((reference) => reference.id)))];
  const perkIds = [...new Set(items.flatMap((item) => perkEdits(item.request).map((edit) => edit.perkId)))];
  const stored = new Map<string, Stored>();
  for (const slice of chunks(ids)) {
    const rows = await db
      .select({
        id: collections.id,
        teamId: collections.teamId,
        version: collections.version,
        perks: sql<number>`cardinality(${collections.perkIds})`,
      })
      .from(collections)
      .where(inArray(collections.id, slice));
    for (const row of rows) stored.set(row.id, { ...row, perks: Number(row.perks) });
  }
  const perkHome = new Map<string, string>();
  for (const slice of chunks(perkIds)) {
    const rows = await db.select({ id: perks.id, collectionId: perks.collectionId }).from(perks).where(inArray(perks.id, slice));
    for (const row of rows) perkHome.set(row.id, row.collectionId);
  }

  items.forEach((item, index) => {
    const references = referenced[index];
    if (!references) return;
    const report = (error: AppError) => problems.add(problemFromError(error, item.locate));
    const usable: Reference[] = [];
    for (const reference of references) {
      const row = stored.get(reference.id);
      try {
        checkManaged(teamId, [reference], row ? [row] : []);
        usable.push(reference);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        report(error);
      }
    }
    const version = (id: string | undefined) => (id ? stored.get(id)?.version : undefined);
    const nftId = item.request.nftData?.PlatformNFTId || undefined;
    const sentVersion = item.request.nftData?.Version;
    if (nftId && sentVersion !== undefined && usable.some((reference) => reference.id === nftId) && sentVersion !== version(nftId)) {
      report(staleVersion("nftData.Version", version(nftId), sentVersion));
    }
    item.request.perkData?.forEach((perk, perkIndex) => {
      const collectionId = perk.PlatformNFTId || nftId;
      if (perk.Version === undefined || !collectionId || !usable.some((reference) => reference.id === collectionId)) return;
      if (perk.Version !== version(collectionId))
        report(staleVersion(`perkData[${perkIndex}].Version`, version(collectionId), perk.Version));
    });
    for (const edit of perkEdits(item.request)) {
      if (perkHome.get(edit.perkId) !== edit.nftId) {
        report(new AppError(404, `perkData[${edit.index}].PlatformPerkId: perk "${edit.perkId}" not found in collection "${edit.nftId}"`));
      }
    }
    // What this request leaves behind for the next ones: a Version one higher, and its new perks.
    for (const reference of usable) {
      const row = stored.get(reference.id)!;
      const added = (item.request.perkData ?? []).filter(
        (perk) => !perk.PlatformPerkId && (perk.PlatformNFTId || nftId) === reference.id,
      ).length;
      row.version += 1;
      row.perks += added;
      if (added > 0 && row.perks > LIMITS.perksPerCollection) {
        report(
          new AppError(
            400,
            `perkData: collection "${row.id}" would hold ${row.perks} perks; at most ${LIMITS.perksPerCollection} perks per collection`,
          ),
        );
      }
    }
  });
  return fileProblems(problems);
}

/** Lists of ids short enough for one statement's parameters. */
function chunks(ids: string[], size = 5_000): string[][] {
  const slices: string[][] = [];
  for (let start = 0; start < ids.length; start += size) slices.push(ids.slice(start, start + size));
  return slices;
}
