import "server-only";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Queryable } from "@/lib/db/types";
import { collections } from "@/lib/db/schema";
import { pickKnown } from "@/lib/pick-known";
import { COLLECTION_FIELD_KEYS, type CollectionFields } from "@/lib/schemas/collection";
import { PERK_FIELD_KEYS, type PerkFields } from "@/lib/schemas/perk";
import type { ExportedCollection } from "../export-shapes";

// jsonb stores keys in its own order; the file lists them in the schema's order instead.
const collectionFields = pickKnown<CollectionFields>(COLLECTION_FIELD_KEYS);
const perkFields = pickKnown<PerkFields>(PERK_FIELD_KEYS);

/** The ids of every collection the team owns, oldest first: what an export will hold. */
export async function readOwnIds(db: Queryable, teamId: string): Promise<string[]> {
  const rows = await db
    .select({ id: collections.id })
    .from(collections)
    .where(eq(collections.teamId, teamId))
    .orderBy(asc(collections.createdAt), asc(collections.id));
  return rows.map((row) => row.id);
}

/**
 * Some of those collections with their perks, each read whole in one statement, oldest first; one
 * deleted or no longer the team's since its id was listed is left out.
 */
export async function readOwnCollections(db: Queryable, teamId: string, ids: string[]): Promise<ExportedCollection[]> {
  if (ids.length === 0) return [];
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
    .where(and(inArray(collections.id, ids), eq(collections.teamId, teamId)))
    .orderBy(asc(collections.createdAt), asc(collections.id));
  return rows.map((row) => ({
    id: row.id,
    version: row.version,
    data: collectionFields(row.data),
    perks: row.perks.map((perk) => ({ id: perk.id, data: perkFields(perk.data) })),
  }));
}
