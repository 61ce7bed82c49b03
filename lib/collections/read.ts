import "server-only";
import { sql } from "drizzle-orm";
import { getExactReadDb } from "@/lib/db/client";
import { queryReused } from "@/lib/db/queries";
import type { ExactReader, Queryable } from "@/lib/db/types";
import { readThrough, takeSnapshot, type Snapshot } from "@/lib/db/read-cache";
import { collections } from "@/lib/db/schema";
import { perkClock } from "@/lib/schemas/perk-clock";
import { effectivePerkStatus } from "@/lib/schemas/perk-lifecycle";
import type { CollectionRecord } from "@/lib/schemas/create-request";
import type { PerkFields } from "@/lib/schemas/perk";
import { collectionRowOf, STORED_COLLECTION_COLUMNS, toCollectionDoc, toPerkDoc, type StoredCollection } from "./wire-shapes";

/** A collection and all its perks in the shape create accepts, or null when unknown; `id` must be a possible one (`pathIdSchema`). */
export async function getCollectionRecord(id: string, snapshot?: Snapshot): Promise<CollectionRecord | null> {
  const db = await getExactReadDb();
  const record = await readThrough(snapshot ?? (await takeSnapshot()), JSON.stringify(["collection", id]), () => loadRecord(db, id));
  return record && withLifecycle(record, perkClock.now());
}

/**
 * The record as it reads at `now`: a perk whose date is over says Past. Applied after the cache,
 * which holds what is stored, so a cached answer turns Past at the right moment without a write.
 */
function withLifecycle(record: CollectionRecord, now: number): CollectionRecord {
  return {
    ...record,
    perkData: record.perkData.map((perk) => {
      const Status = effectivePerkStatus(perk.Status, perk.Date, now);
      return Status === perk.Status ? perk : { ...perk, Status };
    }),
  };
}

/** Reads one record in a single statement; `db` may be a write transaction, to measure what it is about to commit. */
export async function loadRecord(db: Queryable | ExactReader, id: string): Promise<CollectionRecord | null> {
  // One statement, so the collection and its perks come from the same snapshot; a raw one,
  // because drizzle's query builder costs more than the rest of a retrieval; prepared, because
  // its plan (two primary-key reads) never changes.
  const [row] = await queryReused<StoredCollection & { perks: { id: string; data: PerkFields }[] }>(
    db,
    sql`SELECT ${STORED_COLLECTION_COLUMNS},
               (SELECT coalesce(json_agg(json_build_object('id', p.id, 'data', p.data) ORDER BY p.position), '[]')
                  FROM perks p WHERE p.collection_id = c.id) AS perks
          FROM ${collections} c WHERE c.id = ${id}`,
  );
  if (!row) return null;
  const { perks, ...collection } = row;
  return {
    nftData: toCollectionDoc(collectionRowOf(collection)),
    perkData: perks.map((perk) => toPerkDoc({ id: perk.id, collectionId: row.id, data: perk.data })),
  };
}
