import "server-only";
import { arrayContains, asc, sql } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { collections } from "@/lib/db/schema";
import { pickKnown } from "@/lib/pick-known";
import { COLLECTION_FIELD_KEYS, type CollectionFields } from "@/lib/schemas/collection";
import { PERK_FIELD_KEYS, type PerkFields } from "@/lib/schemas/perk";
import type { ExportedCollection } from "../export-shapes";

// jsonb stores keys in its own order; the file lists them in the schema's order instead.
const collectionFields = pickKnown<CollectionFields>(COLLECTION_FIELD_KEYS);
const perkFields = pickKnown<PerkFields>(PERK_FIELD_KEYS);

/** Every collection the account manages with its perks, oldest first, from one snapshot (one statement). */
export async function readOwnCollections(db: Queryable, userId: string): Promise<ExportedCollection[]> {
  const rows = await db
    .select({
      id: collections.id,
      version: collections.version,
      data: collections.data,
      perks: sql<{ id: string; data: PerkFields }[]>`(
        SELECT coalesce(json_agg(json_build_object('id', p.id, 'data', p.data) ORDER BY p.position), '[]')
          FROM perks p WHERE p.collection_id = "collections"."id")`,
    })
    .from(collections)
    .where(arrayContains(collections.managers, [userId]))
    .orderBy(asc(collections.createdAt), asc(collections.id));
  return rows.map((row) => ({
    id: row.id,
    version: row.version,
    data: collectionFields(row.data),
    perks: row.perks.map((perk) => ({ id: perk.id, data: perkFields(perk.data) })),
  }));
}
