import "server-only";
import { count, desc, eq } from "drizzle-orm";
import { managerRef } from "@/lib/auth/accounts";
import { checkManaged } from "@/lib/collections/rules";
import { getDb } from "@/lib/db/client";
import { collectionHistory, collections } from "@/lib/db/schema";
import { pickKnown } from "@/lib/pick-known";
import { COLLECTION_FIELD_KEYS, type CollectionFields } from "@/lib/schemas/collection";
import type { HistoryEntry, HistoryPage, HistoryState, ObjectChange } from "@/lib/schemas/history";
import { PERK_FIELD_KEYS, type PerkFields } from "@/lib/schemas/perk";
import { PAGE_SIZE } from "@/lib/schemas/search-params";
import type { StoredState } from "./diff";

export const PORTAL_SESSION = "portal session";

const collectionFields = pickKnown<CollectionFields>(COLLECTION_FIELD_KEYS);
const perkFields = pickKnown<PerkFields>(PERK_FIELD_KEYS);

const wireState = (state: StoredState): HistoryState | null =>
  state && {
    nftData: collectionFields(state.data as CollectionFields),
    perkData: state.perks.map((perk) => ({ PlatformPerkId: perk.id, ...perkFields(perk.data as PerkFields) })),
  };

/**
 * A page of a collection's history, newest first, for a caller who manages it: the same 404 and
 * 403 as an edit of it, so nobody else learns more than an edit would tell them.
 */
export async function readHistory(userId: string, collectionId: string, pageNum = 1): Promise<HistoryPage> {
  const db = await getDb();
  const rows = await db
    .select({ id: collections.id, managers: collections.managers, version: collections.version })
    .from(collections)
    .where(eq(collections.id, collectionId));
  checkManaged(userId, [{ id: collectionId, field: "PlatformNFTId" }], rows);
  const [counted] = await db.select({ total: count() }).from(collectionHistory).where(eq(collectionHistory.collectionId, collectionId));
  const entries = await db
    .select()
    .from(collectionHistory)
    .where(eq(collectionHistory.collectionId, collectionId))
    .orderBy(desc(collectionHistory.id))
    .limit(PAGE_SIZE)
    .offset((pageNum - 1) * PAGE_SIZE);
  return {
    NumPages: Math.ceil(Number(counted?.total ?? 0) / PAGE_SIZE),
    Docs: entries.map((row): HistoryEntry => ({
      Id: row.id,
      At: row.at,
      Account: managerRef(row.userId),
      Via: row.keyId ? `Keys/${row.keyId}` : PORTAL_SESSION,
      Changes: row.changes as ObjectChange[],
      State: wireState(row.state as StoredState),
    })),
  };
}

/** A change the public may see: a perk added or removed, or a perk's date moved, and when. Never who. */
export type PublicChange =
  { kind: "added" | "removed"; at: number; perk: string } | { kind: "date"; at: number; perk: string; from: unknown; to: unknown };

const perkTitle = (fields: ObjectChange["Fields"], side: "From" | "To") => {
  const title = fields.find((field) => field.Path === "ShortDescription")?.[side];
  return typeof title === "string" ? title : "A perk";
};

/**
 * The latest public changes of collections: only perk additions, removals and date changes, with
 * only the perk's short description (shown on the page anyway) and dates. Other fields, and who
 * made a change, stay out.
 */
export async function readPublicChanges(collectionId: string, limit = 10): Promise<PublicChange[]> {
  const db = await getDb();
  const rows = await db
    .select({ at: collectionHistory.at, changes: collectionHistory.changes, state: collectionHistory.state })
    .from(collectionHistory)
    .where(eq(collectionHistory.collectionId, collectionId))
    .orderBy(desc(collectionHistory.id))
    .limit(50);
  const changes: PublicChange[] = [];
  for (const row of rows) {
    const state = row.state as StoredState;
    const titleNow = (id: string) => {
      const title = state?.perks.find((perk) => perk.id === id)?.data.ShortDescription;
      return typeof title === "string" ? title : "A perk";
    };
    for (const change of row.changes as ObjectChange[]) {
      if (change.Object !== "perk") continue;
      if (change.Kind === "created") changes.push({ kind: "added", at: row.at, perk: perkTitle(change.Fields, "To") });
      else if (change.Kind === "deleted") changes.push({ kind: "removed", at: row.at, perk: perkTitle(change.Fields, "From") });
      else {
        const date = change.Fields.find((field) => field.Path === "Date");
        if (date) changes.push({ kind: "date", at: row.at, perk: titleNow(change.Id), from: date.From, to: date.To });
      }
    }
  }
  return changes.slice(0, limit);
}
