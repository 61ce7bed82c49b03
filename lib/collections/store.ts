import "server-only";
import { verifiedByOf } from "./verified-by";
import { and, asc, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import type { Transaction } from "@/lib/db/types";
import { collections, perks } from "@/lib/db/schema";
import type { ManagedListInput } from "@/lib/schemas/managed-list";
import type { Category } from "@/lib/schemas/category-list";
import type { CreateRequest } from "@/lib/schemas/create-request";
import type { ManagedCollection } from "@/lib/schemas/managed-collection";
import { loadRecord } from "./read";
import {
  checkManaged,
  checkPerkEdits,
  checkRecordBytes,
  checkVersion,
  needsExactSize,
  perkEdits,
  perkNotFound,
  type Reference,
} from "@/lib/schemas/write-rules";

/*
 * The SQL of the collections and perks tables, apart from reads of whole records (`read.ts`) and
 * the derived columns and search rows (`refresh.ts`). Functions taking a transaction run inside
 * the caller's write; the rules they apply are in `rules.ts`.
 */

/**
 * Locks the touched collections (in id order, so concurrent requests cannot deadlock), then
 * checks that each exists and is managed by the caller. Returns their Versions as locked, so a
 * Version precondition checked against them holds until the write commits.
 */
export async function lockCollections(tx: Transaction, teamId: string, references: Reference[]) {
  if (references.length === 0) return new Map<string, number>();
  const ids = references.map((reference) => reference.id).sort();
  const rows = await tx
    .select({ id: collections.id, teamId: collections.teamId, version: collections.version })
    .from(collections)
    .where(inArray(collections.id, ids))
    .orderBy(collections.id)
    // As the edit's lock statement (write-statements.ts): not waiting for a foreign key's check.
    .for("no key update");
  return checkManaged(teamId, references, rows);
}

/** The team that owns a collection, or null when there is no such collection. */
export async function teamOfCollection(id: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db.select({ teamId: collections.teamId }).from(collections).where(eq(collections.id, id));
  return row?.teamId ?? null;
}

/** Locks the collection a path names for a delete, with the optional `?Version=` precondition. */
export async function lockCollection(tx: Transaction, teamId: string, nftId: string, sentVersion?: number): Promise<void> {
  const versions = await lockCollections(tx, teamId, [{ id: nftId, field: "PlatformNFTId" }]);
  checkVersion("Version", versions.get(nftId), sentVersion);
}

/** The perks a request replaces must be stored in the collections it names. */
export async function checkPerksToEdit(tx: Transaction, request: CreateRequest): Promise<void> {
  const edits = perkEdits(request);
  if (edits.length === 0) return;
  const rows = await tx
    .select({ id: perks.id, collectionId: perks.collectionId })
    .from(perks)
    .where(
      inArray(
        perks.id,
        edits.map((edit) => edit.perkId),
      ),
    );
  checkPerkEdits(edits, rows);
}

/** Every write to a collection or its perks adds 1 to its Version: one statement for all of them. */
export async function bumpVersions(tx: Transaction, ids: string[], now: number): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const bumped = await tx
    .update(collections)
    .set({ version: sql`${collections.version} + 1`, lastmodified: now })
    .where(inArray(collections.id, ids))
    .returning({ id: collections.id, version: collections.version });
  return new Map(bumped.map((row) => [row.id, row.version]));
}

export async function deletePerkRow(tx: Transaction, nftId: string, perkId: string): Promise<void> {
  const removed = await tx
    .delete(perks)
    .where(and(eq(perks.id, perkId), eq(perks.collectionId, nftId)))
    .returning({ id: perks.id });
  if (removed.length === 0) throw perkNotFound("PlatformPerkId", perkId, nftId);
}

/**
 * Deletes the collection row only: its perks and every derived search row go with it through
 * their ON DELETE CASCADE foreign keys. Returns how many perks it held.
 */
export async function deleteCollectionRow(tx: Transaction, nftId: string): Promise<number> {
  const [row] = await tx.delete(collections).where(eq(collections.id, nftId)).returning({ perkIds: collections.perkIds });
  return row?.perkIds.length ?? 0;
}

/** SQL columns `perks` and `bytes` of a `collections` row aliased `c`: its size as stored, for `checkSizes`. */
export const sizeColumns = sql`(SELECT count(*) FROM perks p WHERE p.collection_id = c.id)::int AS perks,
  (octet_length(c.data::text) + octet_length(c.managers::text)
    + coalesce((SELECT sum(octet_length(p.data::text)) FROM perks p WHERE p.collection_id = c.id), 0))::bigint AS bytes`;

export type StoredSizeRow = { id: string; perks: number; bytes: number | string };

/**
 * Refuses a write that leaves a collection past the per-collection bounds, given the sizes its
 * own statements returned (`sizeColumns`) after its changes. Runs inside the write transaction
 * with the collections locked, so it sees the stored state plus this write and two concurrent
 * writes cannot both pass. Throwing rolls the whole write back.
 */
export async function checkSizes(tx: Transaction, rows: StoredSizeRow[]): Promise<void> {
  for (const row of rows) {
    if (!needsExactSize({ id: row.id, perks: Number(row.perks), bytes: Number(row.bytes) })) continue;
    const record = await loadRecord(tx, row.id);
    checkRecordBytes(row.id, Buffer.byteLength(JSON.stringify(record)));
  }
}

/** The perk categories of collections, for the cards of search results (which hold perk references only). */
export async function categoriesOf(ids: string[]): Promise<Map<string, Category[]>> {
  if (ids.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select({ id: collections.id, categories: collections.categories })
    .from(collections)
    .where(inArray(collections.id, ids));
  return new Map(rows.map((row) => [row.id, row.categories as Category[]]));
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

const title = sql<string>`${collections.data}->>'Title'`;
const releaseStatus = sql<string | null>`${collections.data}->>'ReleaseStatus'`;

export type ManagedFilter = Omit<ManagedListInput, "page">;

function managedWhere(teamId: string, filter: ManagedFilter): SQL | undefined {
  const text = filter.text.trim().replaceAll("\u0000", "");
  return and(
    eq(collections.teamId, teamId),
    text ? ilike(title, `%${escapeLike(text)}%`) : undefined,
    filter.status === "none" ? isNull(releaseStatus) : filter.status ? sql`${releaseStatus} = ${filter.status}` : undefined,
  );
}

/** How many collections a team owns that pass the list's filters. */
export async function countManagedCollections(teamId: string, filter: ManagedFilter): Promise<number> {
  const db = await getDb();
  const [counted] = await db.select({ total: count() }).from(collections).where(managedWhere(teamId, filter));
  return Number(counted?.total ?? 0);
}

/** One slice of a team's collections for the portal list: newest change first or by title. */
export async function readManagedCollections(
  teamId: string,
  filter: ManagedFilter,
  slice: { offset: number; limit: number },
): Promise<ManagedCollection[]> {
  const db = await getDb();
  const order =
    filter.sort === "title" ? [asc(sql`lower(${title})`), asc(collections.id)] : [desc(collections.lastmodified), asc(collections.id)];
  const rows = await db
    .select({
      id: collections.id,
      title,
      chain: sql<string>`${collections.data}->>'ContractChain'`,
      releaseStatus,
      imagePic: sql<string | null>`${collections.data}->>'ImagePic'`,
      perkCount: sql<number>`cardinality(${collections.perkIds})`,
      lastmodified: collections.lastmodified,
      version: collections.version,
      verifiedBy: sql<string | null>`${verifiedByOf(sql`${collections.id}`, sql`${collections.data}`)}`,
    })
    .from(collections)
    .where(managedWhere(teamId, filter))
    .orderBy(...order)
    .limit(slice.limit)
    .offset(slice.offset);
  return rows.map((row) => ({
    ...row,
    releaseStatus: row.releaseStatus === "Upcoming" || row.releaseStatus === "Available" ? row.releaseStatus : null,
    perkCount: Number(row.perkCount),
  }));
}
