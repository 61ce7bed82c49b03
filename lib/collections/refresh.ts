import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Queryable } from "@/lib/db/types";
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

const idList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * Rewrites the search rows of collections from their stored data and perks, through the one
 * definition in the `collection_search_source` view (migrations 0003, 0004 and 0006). Triggers on
 * `collection_search` copy the title columns into `collection_search_titles` within this same
 * statement. Must follow any change to `collections.categories`. Whether the collection holds
 * its contract's badge (`verified`, migration 0019) is read beside the view, from `chain_contracts`.
 */
async function refreshSearchRows(db: Queryable, ids: string[]): Promise<void> {
  // An existing row keeps its `doc` (its bit in the search bitmaps); only a new one draws a number,
  // so edits leave no gaps in the bitmaps (a column default would be drawn for every row tried).
  await db.execute(sql`
    INSERT INTO collection_search
    SELECT v.*, coalesce(e.doc, nextval('collection_search_docs')), uds_collection_verified(v.id)
      FROM collection_search_source v LEFT JOIN collection_search e ON e.id = v.id
     WHERE v.id IN (${idList(ids)})
    ON CONFLICT (id) DO UPDATE SET
      lastmodified = excluded.lastmodified, categories = excluded.categories, title_words = excluded.title_words,
      title_tsv = excluded.title_tsv, head_tsv = excluded.head_tsv, body_tsv = excluded.body_tsv, search_tsv = excluded.search_tsv,
      chain = excluded.chain, release_status = excluded.release_status, perk_past = excluded.perk_past,
      dated_first = excluded.dated_first, upcoming_last = excluded.upcoming_last, title_key = excluded.title_key,
      verified = excluded.verified
  `);
}

/**
 * Rewrites the perk discovery rows of collections from their stored perks through the one
 * definition in the `perk_search_source` view (migration 0007): a removed perk's row goes with
 * the delete, an edited or new one is written again.
 */
async function refreshPerkRows(db: Queryable, ids: string[]): Promise<void> {
  await db.execute(sql`DELETE FROM perk_search WHERE collection_id IN (${idList(ids)})`);
  await db.execute(sql`INSERT INTO perk_search SELECT * FROM perk_search_source WHERE collection_id IN (${idList(ids)})`);
}

/**
 * Recomputes the derived columns and search rows of stored collections from their data and
 * perks. Runs inside every write transaction, so readers never see search rows that disagree
 * with the perks.
 */
export async function refreshCollections(db: Queryable, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const stored = sql`(SELECT id, position, data FROM perks WHERE collection_id = source.id)`;
  await db.execute(sql`
    UPDATE collections c SET perk_ids = d.perk_ids, categories = d.categories
    FROM (
      SELECT source.id, ${derivedColumns(stored)}
        FROM collections source
       WHERE source.id IN (${idList(ids)})
    ) d
    WHERE c.id = d.id
  `);
  await refreshSearchRows(db, ids);
  await refreshPerkRows(db, ids);
}

/**
 * A seeding transaction's own settings: no bitmap queue (the loader builds them at the end); no
 * wait for the WAL flush at commit (a crash loses the last batches, never consistency, and the
 * loader is rerun); text index entries gathered in a pending list of 64 MB, merged with that much
 * memory, rather than every 4 MB (the default), which at a million rows costs more than the rows.
 */
const BULK_LOAD_SETTINGS = sql`SELECT set_config('uds.defer_search_bitmaps', 'on', true), set_config('synchronous_commit', 'off', true),
                                      set_config('gin_pending_list_limit', '65536', true), set_config('work_mem', '65536', true)`;

export type NewCollection = {
  id: string;
  data: CollectionFields;
  teamId: string;
  managers: string[];
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
 * BULK_LOAD_SETTINGS).
 */
export async function insertCollections(
  db: Queryable,
  list: NewCollection[],
  { bulkLoad = false }: { bulkLoad?: boolean } = {},
): Promise<void> {
  if (list.length === 0) return;
  const input = list.map((collection) => ({
    id: collection.id,
    data: collection.data,
    team_id: collection.teamId,
    managers: collection.managers,
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
      SELECT x.id, x.data, x.team_id, x.managers, 1, x.lastmodified, coalesce(x.created_at, now()), d.perk_ids, d.categories
        FROM input x, LATERAL (SELECT ${derivedColumns(perksOf)}) d
    )
    INSERT INTO perks (id, collection_id, position, data)
    SELECT e ->> 'id', x.id, (e ->> 'position')::int, e -> 'data' FROM input x, jsonb_array_elements(x.perks) AS e
  `;
  const run = async (tx: Queryable) => {
    if (bulkLoad) await tx.execute(BULK_LOAD_SETTINGS);
    await tx.execute(store);
    const ids = list.map((collection) => collection.id);
    await refreshSearchRows(tx, ids);
    // New collections have no discovery rows yet: only the insert is needed.
    await tx.execute(sql`INSERT INTO perk_search SELECT * FROM perk_search_source WHERE collection_id IN (${idList(ids)})`);
  };
  // Given a transaction (a create, an import), on it: a nested one would be a savepoint, two more
  // round trips a write, and no caller goes on after a failure here. Given the database, one of its own.
  if ("$client" in db) await db.transaction(run);
  else await run(db);
}
