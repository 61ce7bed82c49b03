import "server-only";
import { asc, gte, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { collections } from "@/lib/db/schema";

/** The sitemaps.org bound on the URLs of one file. */
export const SITEMAP_URLS = 50_000;

/**
 * The first id of every file of collection pages, in id order: file k holds the ids from its own
 * first up to the next file's. One pass over the primary key's index (an index-only scan numbering
 * the ids), O(n) but never reading a row; the index is cached as the other public answers are.
 */
export async function collectionFileStarts(perFile = SITEMAP_URLS): Promise<string[]> {
  const db = await getDb();
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM collections) AS numbered
         WHERE (n - 1) % ${perFile} = 0 ORDER BY id`,
  );
  return rows.map((row) => row.id);
}

export type SitemapCollection = { id: string; lastmodified: number };

/**
 * One file of collection pages: the ids from `from` on, a keyset page read along the primary key
 * (O(log n + perFile), whatever the file's place in the list).
 */
export async function collectionsFrom(from: string, perFile = SITEMAP_URLS): Promise<SitemapCollection[]> {
  const db = await getDb();
  return db
    .select({ id: collections.id, lastmodified: collections.lastmodified })
    .from(collections)
    .where(gte(collections.id, from))
    .orderBy(asc(collections.id))
    .limit(perFile);
}
