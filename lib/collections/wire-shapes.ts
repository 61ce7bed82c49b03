import "server-only";
import { sql } from "drizzle-orm";
import { managerRef } from "@/lib/auth/accounts";
import type { collections, perks } from "@/lib/db/schema";
import { pickKnown } from "@/lib/pick-known";
import { COLLECTION_FIELD_KEYS, type CollectionDoc, type CollectionFields, type SearchDoc } from "@/lib/schemas/collection";
import { PERK_FIELD_KEYS, type PerkDoc, type PerkFields } from "@/lib/schemas/perk";

export type CollectionRow = Pick<
  typeof collections.$inferSelect,
  "id" | "data" | "managers" | "version" | "createdAt" | "lastmodified" | "perkIds"
>;
export type PerkRow = Pick<typeof perks.$inferSelect, "id" | "collectionId" | "data">;

/** The columns of a `collections` row (alias `c`) that `collectionRowOf` maps. */
export const STORED_COLLECTION_COLUMNS = sql.raw("c.id, c.data, c.managers, c.version, c.created_at, c.lastmodified, c.perk_ids");

/** A row of `STORED_COLLECTION_COLUMNS` as the driver reads it (bigint and timestamp as each driver does). */
export type StoredCollection = {
  id: string;
  data: CollectionRow["data"];
  managers: string[];
  version: number;
  created_at: Date | string;
  lastmodified: number | string | bigint;
  perk_ids: string[];
};

/**
 * A raw row in drizzle's shape. The hot reads (a search's page, retrieval) are raw statements:
 * drizzle's query builder and row mapping cost more there than the rest of their handling.
 */
export const collectionRowOf = (row: StoredCollection): CollectionRow => ({
  id: row.id,
  data: row.data,
  managers: row.managers,
  version: row.version,
  createdAt: new Date(row.created_at),
  lastmodified: Number(row.lastmodified),
  perkIds: row.perk_ids,
});

/** The contract writes dates as month/day/year. */
const creationDate = (date: Date) => `${date.getUTCMonth() + 1}/${date.getUTCDate()}/${date.getUTCFullYear()}`;

// jsonb stores keys in its own order; answers list them in the schema's order instead.
const collectionFields = pickKnown<CollectionFields>(COLLECTION_FIELD_KEYS);
const perkFields = pickKnown<PerkFields>(PERK_FIELD_KEYS);

/** A stored collection in the contract's shape, with every service-managed field filled in. */
export function toCollectionDoc(row: CollectionRow): CollectionDoc {
  return {
    PlatformNFTId: row.id,
    ...collectionFields(row.data),
    Managers: row.managers.map(managerRef),
    Perks: row.perkIds.map((id) => `Perks/${id}`),
    Version: row.version,
    lastmodified: row.lastmodified,
    path: `NFTs/${row.id}`,
    CreationDate: creationDate(row.createdAt),
    // Chain sync is not connected yet (the gateway is under construction): records report Synced.
    BlockchainSyncStatus: "Synced",
    BlockchainSyncLocation: `NFTs/${row.id}/sync`,
  };
}

/** Search results leave out the create-only fields, as the contract's result shape does. */
export function toSearchDoc(row: CollectionRow): SearchDoc {
  const { Discord: _discord, Twitter: _twitter, ...doc } = toCollectionDoc(row);
  return doc;
}

export function toPerkDoc(row: PerkRow): PerkDoc {
  return {
    PlatformNFTId: row.collectionId,
    PlatformPerkId: row.id,
    ...perkFields(row.data),
  };
}
