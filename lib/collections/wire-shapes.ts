import "server-only";
import { sql } from "drizzle-orm";
import { managerRef } from "@/lib/auth/accounts";
import { hasRpc } from "@/lib/chain/server/rpc";
import { syncFieldsOf, syncTargetOf, type ContractSync } from "@/lib/chain/sync-state";
import type { collections, perks } from "@/lib/db/schema";
import { pickKnown } from "@/lib/pick-known";
import { COLLECTION_FIELD_KEYS, type CollectionDoc, type CollectionFields, type SearchDoc } from "@/lib/schemas/collection";
import { PERK_FIELD_KEYS, type PerkDoc, type PerkFields } from "@/lib/schemas/perk";

export type CollectionRow = Pick<
  typeof collections.$inferSelect,
  "id" | "data" | "managers" | "version" | "createdAt" | "lastmodified" | "perkIds"
> & {
  /** The sync row of the contract the collection names, when there is one (`chain_contracts`). */
  chainSync?: ContractSync | null;
};
export type PerkRow = Pick<typeof perks.$inferSelect, "id" | "collectionId" | "data">;

/**
 * The columns of a `collections` row (alias `c`) that `collectionRowOf` maps, and the sync row of
 * its contract: one primary-key probe of `chain_contracts`, which only the sync writes, so the
 * collection's own row, Version and locks stay the partner's (docs/chain.md).
 */
export const STORED_COLLECTION_COLUMNS = sql.raw(`c.id, c.data, c.managers, c.version, c.created_at, c.lastmodified, c.perk_ids,
  (SELECT json_build_object('status', k.status, 'chain_id', k.chain_id, 'cursor_block', k.cursor_block, 'cursor_hash', k.cursor_hash,
                            'error', k.error, 'verified_collection_id', k.verified_collection_id, 'verified_by', k.verified_by,
                            'issued', CASE WHEN k.standard IS NOT NULL AND k.cursor_block IS NOT NULL THEN (k.minted - k.burned)::text END)
     FROM chain_contracts k
    WHERE k.chain_key = lower(btrim(c.data->>'ContractChain')) AND k.address = lower(c.data->>'ContractAddress')) AS chain_sync`);

/** A row of `STORED_COLLECTION_COLUMNS` as the driver reads it (bigint and timestamp as each driver does). */
export type StoredCollection = {
  id: string;
  data: CollectionRow["data"];
  managers: string[];
  version: number;
  created_at: Date | string;
  lastmodified: number | string | bigint;
  perk_ids: string[];
  chain_sync: ContractSync | null;
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
  chainSync: row.chain_sync,
});

/** The contract writes dates as month/day/year. */
const creationDate = (date: Date) => `${date.getUTCMonth() + 1}/${date.getUTCDate()}/${date.getUTCFullYear()}`;

// jsonb stores keys in its own order; answers list them in the schema's order instead.
const collectionFields = pickKnown<CollectionFields>(COLLECTION_FIELD_KEYS);
const perkFields = pickKnown<PerkFields>(PERK_FIELD_KEYS);

/** A stored collection in the contract's shape, with every service-managed field filled in. */
export function toCollectionDoc(row: CollectionRow): CollectionDoc {
  const { TokenQuantityIssued, BlockchainSyncError, ...sync } = syncFieldsOf(
    syncTargetOf(row.data.ContractChain, row.data.ContractAddress, hasRpc),
    row.chainSync,
  );
  const fields = collectionFields(row.data);
  // Once the contract is indexed, the chain's count replaces whatever was sent.
  if (TokenQuantityIssued !== undefined) fields.TokenQuantityIssued = TokenQuantityIssued;
  return {
    PlatformNFTId: row.id,
    ...fields,
    Managers: row.managers.map(managerRef),
    Perks: row.perkIds.map((id) => `Perks/${id}`),
    Version: row.version,
    lastmodified: row.lastmodified,
    path: `NFTs/${row.id}`,
    CreationDate: creationDate(row.createdAt),
    ...sync,
    ...(BlockchainSyncError === undefined ? {} : { BlockchainSyncError }),
    // The contract's owner proved control for this collection (one collection per contract).
    ...(row.chainSync?.verified_collection_id === row.id && row.chainSync.verified_by
      ? { Verified: true as const, VerifiedBy: row.chainSync.verified_by }
      : {}),
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
