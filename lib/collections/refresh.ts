import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { queryRows } from "@/lib/db/queries";
import type { Queryable } from "@/lib/db/types";
import { teamManagersOf } from "@/lib/teams/server/teams";
import type { CollectionFields } from "@/lib/schemas/collection";
import type { PerkFields } from "@/lib/schemas/perk";

/**
 * The columns kept on `collections` for reads (perk ids, categories), computed from a
 * collection's `data` and a relation of its perks with columns (id, position, data). Used on
 * stored perks by `refreshCollections` and on a request's perks by `insertCollections`.
 */
function derivedColumns(perks: SQL) {
  return sql`
    coalesce((SELECT array_agg(p.id ORDER BY p.position) FROM ${perks} p), '{}') AS perk_ids,
    coalesce((SELECT array_agg(DISTINCT tag ORDER BY tag)
                FROM ${perks} p, jsonb_array_elements_text(p.data -> 'Tags') AS tag), '{}') AS categories`;
}

export const idList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * SQL rewriting the search rows of collections from their stored data and the perk rows of
 * `perkSource` (a relation of `perk_search_source` rows for them), through the definition in the
 * `collection_search_source` view (migrations 0003, 0004, 0006 and 0032): its parts, with the
 * perks' words taken from the perk rows computed in the same statement rather than parsed again.
 * Triggers on `collection_search` copy the title columns into `collection_search_titles` within
 * this same statement. Must follow any change to `collections.categories`. Whether the collection
 * holds its contract's badge (`verified`, migration 0019) is read beside the view, from `chain_contracts`.
 */
function searchRowsOf(ids: string[], perkSource: SQL): SQL {
  // An existing row keeps its `doc` (its bit in the search bitmaps); only a new one draws a number,
  // so edits leave no gaps in the bitmaps (a column default would be drawn for every row tried).
  return sql`
    INSERT INTO collection_search
    SELECT v.id, v.lastmodified, v.categories, v.title_words, v.title_tsv, v.head_tsv, v.body_tsv,
           v.own_tsv || coalesce(v.cut_perk_words, w.words, ''), v.chain, v.release_status, v.perk_past,
           v.dated_first, v.upcoming_last, v.title_key,
           coalesce(e.doc, nextval('collection_search_docs')), uds_collection_verified(v.id)
      FROM collection_search_parts v
      LEFT JOIN (SELECT collection_id, uds_words_union(search_tsv) AS words FROM ${perkSource} GROUP BY collection_id) w
        ON w.collection_id = v.id
      LEFT JOIN collection_search e ON e.id = v.id
     WHERE v.id IN (${idList(ids)})
    ON CONFLICT (id) DO UPDATE SET
      lastmodified = excluded.lastmodified, categories = excluded.categories, title_words = excluded.title_words,
      title_tsv = excluded.title_tsv, head_tsv = excluded.head_tsv, body_tsv = excluded.body_tsv, search_tsv = excluded.search_tsv,
      chain = excluded.chain, release_status = excluded.release_status, perk_past = excluded.perk_past,
      dated_first = excluded.dated_first, upcoming_last = excluded.upcoming_last, title_key = excluded.title_key,
      verified = excluded.verified`;
}

/**
 * The perk discovery rows of collections written from their stored perks through the one
 * definition in the `perk_search_source` view (migrations 0007 and 0032), where they differ from the stored
 * row only: an unchanged perk keeps its row and its index entries (an edit that adds perks writes
 * those alone). A removed perk's row goes with the perk (ON DELETE CASCADE). The view's rows are
 * computed once (MATERIALIZED): compared, inserted and joined into the search rows, their text
 * vectors would be made three times.
 *
 * And the search rows, in the same statement: each a data-modifying WITH query (they touch
 * different tables and read only the collections and perks, already written), followed by `then`
 * as its main query: one round trip.
 */
export const searchRowsThen = (ids: string[], then: SQL = sql`SELECT 1`): SQL => sql`
  WITH perk_source AS MATERIALIZED (SELECT * FROM perk_search_source WHERE collection_id IN (${idList(ids)})),
  search_rows AS (${searchRowsOf(ids, sql`perk_source`)} RETURNING 1),
  perk_rows AS (
    INSERT INTO perk_search
    SELECT v.* FROM perk_source v
     WHERE NOT EXISTS (SELECT 1 FROM perk_search s WHERE s.id = v.id AND (s.*) IS NOT DISTINCT FROM (v.*))
    ON CONFLICT (id) DO UPDATE SET
      collection_id = excluded.collection_id, position = excluded.position, lat = excluded.lat, long = excluded.long,
      date_ms = excluded.date_ms, past_from = excluded.past_from, status = excluded.status, one_time = excluded.one_time,
      categories = excluded.categories, short_tsv = excluded.short_tsv, search_tsv = excluded.search_tsv
    RETURNING 1)
  ${then}`;

/**
 * Recomputes the derived columns and search rows of stored collections from their data and
 * perks. Runs inside every write transaction, so readers never see search rows that disagree
 * with the perks.
 */
export async function refreshCollections(db: Queryable, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    UPDATE collections c SET perk_ids = d.perk_ids, categories = d.categories
    FROM (${derivedOf(ids)}) d
    WHERE c.id = d.id
  `);
  await db.execute(searchRowsThen(ids));
}

/** The derived columns of stored collections from their stored perks, with each one's `id` (and its `data` before a write). */
export const derivedOf = (ids: string[]): SQL => sql`
  SELECT source.id, source.data, ${derivedColumns(sql`(SELECT id, position, data FROM perks WHERE collection_id = source.id)`)}
    FROM collections source
   WHERE source.id IN (${idList(ids)})`;

/**
 * A seeding transaction's own settings: no bitmap queue (the loader builds them at the end); no
 * wait for the WAL flush at commit (a crash loses the last batches, never consistency, and the
 * loader is rerun); text index entries gathered in a pending list of 64 MB, merged with that much
 * memory, rather than every 4 MB (the default), which at a million rows costs more than the rows.
 */
export const BULK_LOAD_SETTINGS = sql`SELECT set_config('uds.defer_search_bitmaps', 'on', true), set_config('synchronous_commit', 'off', true),
                                      set_config('gin_pending_list_limit', '65536', true), set_config('work_mem', '65536', true)`;

export type NewCollection = {
  id: string;
  data: CollectionFields;
  teamId: string;
  /** Absent: the team's managers when the row is stored (`teamManagersOf`), read by the insert itself. */
  managers?: string[];
  lastmodified: number;
  /** Defaults to now. */
  createdAt?: Date;
  perks: { id: string; data: PerkFields }[];
};

/**
 * Stores new collections with their perks and derived columns in one statement, then their
 * search and perk discovery rows, in one transaction: one create request, or a seeding batch of
 * thousands. `bulkLoad` (a seeding batch, whose loader rebuilds the search bitmaps when done)
 * skips queueing the new rows for them and trades durability of the last commits for speed (see
 * BULK_LOAD_SETTINGS). `then`, a query of the rows just stored, rides on the last statement: its rows are returned.
 */
export async function insertCollections<Row = never>(
  db: Queryable,
  list: NewCollection[],
  { bulkLoad = false, then }: { bulkLoad?: boolean; then?: SQL } = {},
): Promise<Row[]> {
  if (list.length === 0) return [];
  const input = list.map((collection) => ({
    id: collection.id,
    data: collection.data,
    team_id: collection.teamId,
    managers: collection.managers ?? null,
    lastmodified: collection.lastmodified,
    created_at: collection.createdAt?.toISOString() ?? null,
    perks: collection.perks.map((perk, position) => ({ id: perk.id, position, data: perk.data })),
  }));
  const perksOf = sql`(SELECT e ->> 'id' AS id, (e ->> 'position')::int AS position, e -> 'data' AS data FROM jsonb_array_elements(x.perks) AS e)`;
  const store = sql`
    WITH input AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
        AS x(id text, data jsonb, team_id text, managers text[], lastmodified bigint, created_at timestamptz, perks jsonb)
    ),
    inserted AS (
      INSERT INTO collections (id, data, team_id, managers, version, lastmodified, created_at, perk_ids, categories)
      SELECT x.id, x.data, x.team_id, coalesce(x.managers, ${teamManagersOf(sql`x.team_id`)}), 1, x.lastmodified, coalesce(x.created_at, now()), d.perk_ids, d.categories
        FROM input x, LATERAL (SELECT ${derivedColumns(perksOf)}) d
    )
    INSERT INTO perks (id, collection_id, position, data)
    SELECT e ->> 'id', x.id, (e ->> 'position')::int, e -> 'data' FROM input x, jsonb_array_elements(x.perks) AS e
  `;
  const rowsQuery = searchRowsThen(
    list.map((collection) => collection.id),
    then,
  );
  const run = async (tx: Queryable) => {
    if (bulkLoad) await tx.execute(BULK_LOAD_SETTINGS);
    // Both sent at once (one round trip on a pipelined connection, docs/decisions/082): the
    // search rows need the stored rows, which the server has by then, not the first answer.
    // `queryRows` sends at once; drizzle's `execute` only when awaited. After a failed insert the
    // second fails too ("transaction aborted"): the insert's own error is the one thrown.
    const stored = queryRows(tx, store);
    const rows = queryRows<Row>(tx, rowsQuery);
    rows.catch(() => {});
    await stored;
    return rows;
  };
  // Given a transaction (a create, an import), on it: a nested one would be a savepoint, two more
  // round trips a write, and no caller goes on after a failure here. Given the database, one of its own.
  return "$client" in db ? db.transaction(run) : run(db);
}
