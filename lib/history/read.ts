import "server-only";
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { managerRef } from "@/lib/auth/accounts";
import { checkManaged } from "@/lib/schemas/write-rules";
import { getDb } from "@/lib/db/client";
import type { Database } from "@/lib/db/types";
import { collectionHistory, collectionPublicChanges, collections } from "@/lib/db/schema";
import { notFound } from "@/lib/errors";
import { pickKnown } from "@/lib/pick-known";
import { COLLECTION_FIELD_KEYS, type CollectionFields } from "@/lib/schemas/collection";
import type { HistoryEntry, HistoryListEntry, HistoryPage, HistoryState, ObjectChange } from "@/lib/schemas/history";
import { LIMITS } from "@/lib/schemas/limits";
import { PERK_FIELD_KEYS, type PerkFields } from "@/lib/schemas/perk";
import { PAGE_SIZE } from "@/lib/schemas/search-params";
import type { StoredState } from "./diff";
import { publicChangeOfRow, type PublicChange } from "./public-changes";

export type { PublicChange } from "./public-changes";

export const PORTAL_SESSION = "portal session";

const collectionFields = pickKnown<CollectionFields>(COLLECTION_FIELD_KEYS);
const perkFields = pickKnown<PerkFields>(PERK_FIELD_KEYS);

const wireState = (state: StoredState): HistoryState | null =>
  state && {
    nftData: collectionFields(state.data as CollectionFields),
    perkData: state.perks.map((perk) => ({ PlatformPerkId: perk.id, ...perkFields(perk.data as PerkFields) })),
  };

/** The same 404 and 403 as an edit of the collection, so nobody else learns more than an edit would tell them. */
async function checkManager(db: Database, teamId: string, collectionId: string) {
  const rows = await db
    .select({ id: collections.id, teamId: collections.teamId, version: collections.version })
    .from(collections)
    .where(eq(collections.id, collectionId));
  checkManaged(teamId, [{ id: collectionId, field: "PlatformNFTId" }], rows);
}

const who = (row: { userId: string; keyId: string | null }) => ({
  Account: managerRef(row.userId),
  Via: row.keyId ? `Keys/${row.keyId}` : PORTAL_SESSION,
});

/**
 * A page of a collection's history, newest first, for a member of the team that owns it. A page is bounded
 * in bytes whatever was written: no entry's state (`readHistoryEntry` has it), and changes only
 * while they fit in `LIMITS.historyPageChangesBytes` (their size is kept by the database, so the
 * entries left out are never read); the others list only that size.
 */
export async function readHistory(teamId: string, collectionId: string, pageNum = 1): Promise<HistoryPage> {
  const db = await getDb();
  await checkManager(db, teamId, collectionId);
  const [counted] = await db.select({ total: count() }).from(collectionHistory).where(eq(collectionHistory.collectionId, collectionId));
  const rows = await db
    .select({
      id: collectionHistory.id,
      at: collectionHistory.at,
      userId: collectionHistory.userId,
      keyId: collectionHistory.keyId,
      changesBytes: collectionHistory.changesBytes,
      hasState: sql<boolean>`${collectionHistory.state} IS NOT NULL`,
    })
    .from(collectionHistory)
    .where(eq(collectionHistory.collectionId, collectionId))
    .orderBy(desc(collectionHistory.id))
    .limit(PAGE_SIZE)
    .offset((pageNum - 1) * PAGE_SIZE);
  let budget = LIMITS.historyPageChangesBytes;
  const carried = rows.filter((row) => {
    if (row.changesBytes > budget) return false;
    budget -= row.changesBytes;
    return true;
  });
  const changes = new Map<number, ObjectChange[]>();
  if (carried.length > 0) {
    const read = await db
      .select({ id: collectionHistory.id, changes: collectionHistory.changes })
      .from(collectionHistory)
      .where(
        inArray(
          collectionHistory.id,
          carried.map((row) => row.id),
        ),
      );
    for (const row of read) changes.set(row.id, row.changes as ObjectChange[]);
  }
  return {
    NumPages: Math.ceil(Number(counted?.total ?? 0) / PAGE_SIZE),
    Docs: rows.map((row): HistoryListEntry => ({
      Id: row.id,
      At: row.at,
      ...who(row),
      ...(changes.has(row.id) ? { Changes: changes.get(row.id) } : {}),
      ChangesBytes: row.changesBytes,
      HasState: Boolean(row.hasState),
    })),
  };
}

/** One entry of a collection's history, whole: its changes and the collection as it was after it. */
export async function readHistoryEntry(teamId: string, collectionId: string, entryId: number): Promise<HistoryEntry> {
  const db = await getDb();
  await checkManager(db, teamId, collectionId);
  const [row] = await db
    .select()
    .from(collectionHistory)
    .where(and(eq(collectionHistory.collectionId, collectionId), eq(collectionHistory.id, entryId)));
  if (!row) throw notFound(`Id: history entry ${entryId} of collection "${collectionId}" not found`);
  return {
    Id: row.id,
    At: row.at,
    ...who(row),
    Changes: row.changes as ObjectChange[],
    State: wireState(row.state as StoredState),
  };
}

/**
 * The latest public changes of a collection (`publicChangesOf`, kept with each entry) with the ids
 * of their rows: a few hundred bytes each, whatever the entries themselves hold.
 */
export async function readPublicChangeRows(collectionId: string, limit: number): Promise<{ id: number; change: PublicChange }[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: collectionPublicChanges.id,
      at: collectionPublicChanges.at,
      kind: collectionPublicChanges.kind,
      perk: collectionPublicChanges.perk,
      from: collectionPublicChanges.dateFrom,
      to: collectionPublicChanges.dateTo,
    })
    .from(collectionPublicChanges)
    .where(eq(collectionPublicChanges.collectionId, collectionId))
    .orderBy(desc(collectionPublicChanges.historyId), asc(collectionPublicChanges.id))
    .limit(limit);
  return rows.map(({ id, ...row }) => ({ id, change: publicChangeOfRow(row) }));
}

/** The latest public changes of a collection, as "What changed" lists them. */
export async function readPublicChanges(collectionId: string, limit = 10): Promise<PublicChange[]> {
  return (await readPublicChangeRows(collectionId, limit)).map(({ change }) => change);
}
