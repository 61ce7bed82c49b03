import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import type { CollectionFields } from "@/lib/schemas/collection";
import type { PerkFields } from "@/lib/schemas/perk";

/** Upper bound on the perk text indexed per collection, far below tsvector's 1 MB limit. */
const MAX_PERK_TEXT = 200_000;

/**
 * ASCII punctuation becomes a space before indexing, so "Music/Audio" or "e-sports" index as
 * separate words, exactly as `toTsQuery` splits what people type.
 */
const words = (text: SQL) => sql`to_tsvector('simple', regexp_replace(${text}, '[[:punct:]]+', ' ', 'g'))`;

/**
 * The columns search reads (perk ids, categories, text vectors), computed from a collection's
 * `data` and a relation of its perks with columns (id, position, data). The one definition of
 * them: used on stored perks by `refreshCollections` and on a request's perks by
 * `insertCollection`.
 */
function derivedColumns(data: SQL, perks: SQL) {
  return sql`
    coalesce((SELECT array_agg(p.id ORDER BY p.position) FROM ${perks} p), '{}') AS perk_ids,
    coalesce((SELECT array_agg(DISTINCT tag ORDER BY tag)
                FROM ${perks} p, jsonb_array_elements_text(p.data -> 'Tags') AS tag), '{}') AS categories,
    ${words(sql`coalesce(${data} ->> 'Title', '')`)} AS title_tsv,
    setweight(${words(sql`coalesce(${data} ->> 'Title', '')`)}, 'A') ||
    setweight(${words(sql`coalesce(${data} ->> 'Creator', '')`)}, 'B') ||
    setweight(${words(sql`coalesce(${data} ->> 'CollectionDescription', '')`)}, 'C') ||
    setweight(${words(sql`left(coalesce(
      (SELECT string_agg(concat_ws(' ', p.data ->> 'ShortDescription', p.data ->> 'LongDescription'), ' ' ORDER BY p.position)
         FROM ${perks} p), ''), ${MAX_PERK_TEXT})`)}, 'D') AS search_tsv`;
}

/**
 * Recomputes the derived columns of stored collections from their data and perks. Runs inside
 * every write transaction, so readers never see derived columns that disagree with the perks.
 */
export async function refreshCollections(db: Queryable, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const stored = sql`(SELECT id, position, data FROM perks WHERE collection_id = source.id)`;
  await db.execute(sql`
    UPDATE collections c SET
      perk_ids = d.perk_ids, categories = d.categories, title_tsv = d.title_tsv, search_tsv = d.search_tsv
    FROM (
      SELECT source.id, ${derivedColumns(sql`source.data`, stored)}
        FROM collections source
       WHERE source.id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})
    ) d
    WHERE c.id = d.id
  `);
}

export type NewCollection = {
  id: string;
  data: CollectionFields;
  managers: string[];
  lastmodified: number;
  perks: { id: string; data: PerkFields }[];
};

/**
 * Stores a new collection with its perks and derived columns in one statement: atomic without
 * a transaction, and one round trip instead of five.
 */
export async function insertCollection(db: Queryable, collection: NewCollection): Promise<void> {
  const perks = collection.perks.map((perk, position) => ({ id: perk.id, position, data: perk.data }));
  await db.execute(sql`
    WITH input AS (SELECT ${JSON.stringify(collection.data)}::jsonb AS data),
    new_perks AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(perks)}::jsonb) AS x(id text, position int, data jsonb)
    ),
    inserted AS (
      INSERT INTO collections (id, data, managers, version, lastmodified, perk_ids, categories, title_tsv, search_tsv)
      SELECT ${collection.id}, input.data, ${sql`ARRAY[${sql.join(collection.managers.map((id) => sql`${id}`), sql`, `)}]::text[]`}, 1,
             ${collection.lastmodified}, d.perk_ids, d.categories, d.title_tsv, d.search_tsv
        FROM input, LATERAL (SELECT ${derivedColumns(sql`input.data`, sql`new_perks`)}) d
      RETURNING id
    )
    INSERT INTO perks (id, collection_id, position, data)
    SELECT new_perks.id, inserted.id, new_perks.position, new_perks.data FROM new_perks, inserted
  `);
}
