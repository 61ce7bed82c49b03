import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { queryRows } from "@/lib/db/queries";
import type { Transaction } from "@/lib/db/types";
import { loadStates, stateColumns, statesOf, type StateRow } from "@/lib/history/record";
import type { StoredState } from "@/lib/history/diff";
import { newId } from "@/lib/ids";
import type { CollectionFields } from "@/lib/schemas/collection";
import type { PerkFields } from "@/lib/schemas/perk";
import { checkManaged, type Reference } from "@/lib/schemas/write-rules";
import { derivedOf, idList, searchRowsThen } from "./refresh";
import { sizeColumns, type StoredSizeRow } from "./store";

/*
 * The statements of an edit, each doing as much as one statement can, so a write waits for few
 * round trips (docs/performance.md, "Writes"): the lock with the states history needs; the perks;
 * the collections' fields, Versions and derived columns with their sizes; the search rows with
 * the states after. A statement sees what the ones before it wrote, not what it writes itself,
 * which is where they are cut.
 */

type LockedRow = StateRow & { teamId: string; version: number; seen: number };

/**
 * `columns` of the touched collections, locked in id order so concurrent requests cannot
 * deadlock: the one lock statement of an edit, with or without the states it reads. A no-key
 * update (a write never changes a collection's id) still excludes every other save of the row,
 * but not the key-share lock a foreign key's check takes (the insights flush's upsert, a claim),
 * so a save does not wait for those to commit.
 */
const lockStatement = (references: Reference[], columns: SQL) => sql`SELECT c.id, c.team_id AS "teamId", c.version${columns}
      FROM collections c
     WHERE c.id IN (${idList(references.map((reference) => reference.id).sort())})
     ORDER BY c.id
       FOR NO KEY UPDATE OF c`;

/**
 * Locks the touched collections (in id order, so concurrent requests cannot deadlock), checks
 * that each exists and is managed by the caller, and reads their states for history in the same
 * statement. Returns their Versions as locked, so a Version precondition checked against them
 * holds until the write commits.
 */
export async function lockWithStates(tx: Transaction, teamId: string, references: Reference[]) {
  if (references.length === 0) return { versions: new Map<string, number>(), before: new Map<string, StoredState>() };
  const rows = await queryRows<LockedRow>(
    tx,
    lockStatement(references, sql`, ${stateColumns}, (SELECT s.version FROM collections s WHERE s.id = c.id) AS seen`),
  );
  const versions = checkManaged(teamId, references, rows);
  // A row another write changed while this one waited for its lock is read again at its newest
  // version, but the perks beside it as of the statement's start: its Version then differs from
  // the one the statement saw, and the states are read again, now that nobody else can change them.
  const stale = rows.some((row) => Number(row.seen) !== Number(row.version));
  return { versions, before: stale ? await loadStates(tx, [...versions.keys()]) : statesOf(rows) };
}

/**
 * The lock alone, for a pipelined write: the touched collections in id order, checked to exist and
 * be managed by the caller, with their Versions as locked. Their states for history are read by
 * the statement sent right behind it (`loadStates`), which the server runs once the lock is held,
 * so they are the newest whether or not the lock had to wait.
 */
export async function lockCollections(tx: Transaction, teamId: string, references: Reference[]): Promise<Map<string, number>> {
  if (references.length === 0) return new Map();
  const rows = await queryRows<{ id: string; teamId: string; version: number }>(tx, lockStatement(references, sql``));
  return checkManaged(teamId, references, rows);
}

/** A perk to store: with `perkId` it replaces that perk, without it is a new one. */
export type PerkWrite = { collectionId: string; perkId?: string; data: PerkFields };

/**
 * Stores perks in one statement: edits replace their perk in place (each perk is edited once, by
 * the request's rules), new perks go after their collection's last one, in the order given.
 * Returns each perk's id in the order given.
 */
export async function writePerkRows(tx: Transaction, list: PerkWrite[]): Promise<string[]> {
  if (list.length === 0) return [];
  const input = list.map((perk, ord) => ({
    ord,
    collection_id: perk.collectionId,
    perk_id: perk.perkId ?? null,
    id: perk.perkId ?? newId(),
    data: perk.data,
  }));
  await tx.execute(sql`
    WITH input AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(input)}::jsonb) AS w(ord int, collection_id text, perk_id text, id text, data jsonb)
    ),
    edited AS (
      UPDATE perks p SET data = w.data FROM input w
       WHERE w.perk_id IS NOT NULL AND p.id = w.perk_id AND p.collection_id = w.collection_id
    )
    INSERT INTO "perks" (id, collection_id, position, data)
    SELECT w.id, w.collection_id,
           coalesce((SELECT max(p.position) + 1 FROM perks p WHERE p.collection_id = w.collection_id), 0)
             + (row_number() OVER (PARTITION BY w.collection_id ORDER BY w.ord))::int - 1,
           w.data
      FROM input w
     WHERE w.perk_id IS NULL`);
  return input.map((perk) => perk.id);
}

export type UpdatedRow = StoredSizeRow & { version: number; chain: string | null; address: string | null };

/**
 * Replaces the stored fields of `nft` (when given), gives every touched collection a new Version
 * and its derived columns from its perks as now stored: one statement, one new row version each.
 * Returns per collection its new Version, its size as stored (for the bounds) and the contract it
 * named before (the rows are locked, so that is what this write replaces).
 */
export async function updateCollections(
  tx: Transaction,
  ids: string[],
  nft: { id: string; data: CollectionFields } | undefined,
  now: number,
): Promise<UpdatedRow[]> {
  if (ids.length === 0) return [];
  return queryRows<UpdatedRow>(
    tx,
    sql`UPDATE collections c
           SET data = CASE WHEN c.id = ${nft?.id ?? null} THEN ${nft ? JSON.stringify(nft.data) : null}::jsonb ELSE c.data END,
               version = c.version + 1, lastmodified = ${now}, perk_ids = d.perk_ids, categories = d.categories
          FROM (${derivedOf(ids)}) d
         WHERE c.id = d.id
     RETURNING c.id, c.version, d.data->>'ContractChain' AS chain, d.data->>'ContractAddress' AS address, ${sizeColumns}`,
  );
}

/** Writes the search rows of collections; returns their states after the write, for history. */
export async function writeSearchRows(tx: Transaction, ids: string[]): Promise<Map<string, StoredState>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<StateRow>(
    tx,
    searchRowsThen(ids, sql`SELECT c.id, ${stateColumns} FROM collections c WHERE c.id IN (${idList(ids)})`),
  );
  return statesOf(rows);
}
