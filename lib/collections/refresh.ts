import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";

/** Upper bound on the perk text indexed per collection, far below tsvector's 1 MB limit. */
const MAX_PERK_TEXT = 200_000;

/**
 * ASCII punctuation becomes a space before indexing, so "Music/Audio" or "e-sports" index as
 * separate words, exactly as `toTsQuery` splits what people type.
 */
const words = (text: SQL) => sql`to_tsvector('simple', regexp_replace(${text}, '[[:punct:]]+', ' ', 'g'))`;

/**
 * Recomputes the columns that search reads (perk ids, categories, text vectors) from a
 * collection's data and perks. Runs inside every write transaction, so readers never see a
 * collection whose derived columns disagree with its perks.
 */
export async function refreshCollections(db: Queryable, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    UPDATE collections c SET
      perk_ids = coalesce(
        (SELECT array_agg(p.id ORDER BY p.position) FROM perks p WHERE p.collection_id = c.id), '{}'),
      categories = coalesce(
        (SELECT array_agg(DISTINCT tag ORDER BY tag)
           FROM perks p, jsonb_array_elements_text(p.data -> 'Tags') AS tag
          WHERE p.collection_id = c.id), '{}'),
      title_tsv = ${words(sql`coalesce(c.data ->> 'Title', '')`)},
      search_tsv =
        setweight(${words(sql`coalesce(c.data ->> 'Title', '')`)}, 'A') ||
        setweight(${words(sql`coalesce(c.data ->> 'Creator', '')`)}, 'B') ||
        setweight(${words(sql`coalesce(c.data ->> 'CollectionDescription', '')`)}, 'C') ||
        setweight(${words(sql`left(coalesce(
          (SELECT string_agg(concat_ws(' ', p.data ->> 'ShortDescription', p.data ->> 'LongDescription'), ' ')
             FROM perks p WHERE p.collection_id = c.id), ''), ${MAX_PERK_TEXT})`)}, 'D')
    WHERE c.id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})
  `);
}
