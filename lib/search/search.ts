import "server-only";
import { and, arrayContains, asc, count, desc, eq, sql } from "drizzle-orm";
import { toSearchDoc } from "@/lib/collections/docs";
import { collectionColumns } from "@/lib/collections/read";
import { getDb, type Database } from "@/lib/db/client";
import { collections } from "@/lib/db/schema";
import { PAGE_SIZE, type SearchParams, type SearchResult } from "@/lib/schemas/search-params";

export type { SearchResult };
import { readThrough, takeSnapshot, type Snapshot } from "@/lib/db/read-cache";
import { toTsQuery } from "./text-query";


async function runSearch(db: Database, tsQuery: string | null, category: string | undefined, page: number) {
  const query = tsQuery === null ? undefined : sql`to_tsquery('simple', ${tsQuery})`;
  const where = and(
    query ? sql`${collections.searchTsv} @@ ${query}` : undefined,
    category ? arrayContains(collections.categories, [category]) : undefined,
  );
  const titleHit = query ? sql<boolean>`${collections.titleTsv} @@ ${query}` : sql<boolean>`false`;
  const rank = query ? sql<number>`ts_rank(${collections.searchTsv}, ${query})` : sql<number>`0`;
  // The total comes from the same statement (and snapshot) as the page. Ranking text reads every
  // match anyway, so a window count is free there; without text a window count would read every
  // row instead of 20, so a count subquery (run once) is used.
  const total = query
    ? sql<number>`count(*) OVER ()`
    : sql<number>`(SELECT count(*) FROM ${collections} WHERE ${where ?? sql`true`})`;

  // Rank and count on narrow rows (ids and sort keys), then read the full rows of one page only:
  // a broad query can match tens of thousands of collections.
  const ranked = db.$with("ranked").as(
    db
      .select({ id: sql<string>`${collections.id}`.as("ranked_id"), titleHit: titleHit.as("title_hit"), rank: rank.as("rank"), lastmodified: sql<number>`${collections.lastmodified}`.as("ranked_lastmodified"), total: total.as("total") })
      .from(collections)
      .where(where)
      // NULLS LAST matches collections_recent_idx, so the newest page is read off the index.
      .orderBy(...(query ? [desc(titleHit), desc(rank)] : [sql`${collections.lastmodified} DESC NULLS LAST`]), asc(collections.id))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
  );
  const rows = await db
    .with(ranked)
    .select({ ...collectionColumns, total: sql<number>`${ranked.total}`.mapWith(Number) })
    .from(ranked)
    .innerJoin(collections, eq(collections.id, ranked.id))
    .orderBy(...(query ? [desc(ranked.titleHit), desc(ranked.rank)] : [desc(ranked.lastmodified)]), asc(ranked.id));

  let matches = rows[0]?.total;
  if (matches === undefined) {
    // Past the last page the window has no rows to count, so count apart.
    const [counted] = await db.select({ total: count() }).from(collections).where(where);
    matches = counted?.total ?? 0;
  }
  return {
    NumPages: Math.ceil(matches / PAGE_SIZE),
    Docs: rows.map(({ total: _total, ...row }) => toSearchDoc(row)),
  };
}

/**
 * Collections matching the text and category, 20 a page: title matches first, then by text
 * rank; without text, most recently modified first. Ties go by id, so pages never overlap.
 * Pass the request's snapshot when there is one (see read-cache).
 */
export async function searchCollections(params: SearchParams, snapshot?: Snapshot): Promise<SearchResult> {
  const db = await getDb();
  const tsQuery = params.query ? toTsQuery(params.query) : null;
  const page = params.pageNum ?? 1;
  const key = JSON.stringify(["search", tsQuery, params.category ?? null, page]);
  return readThrough(snapshot ?? (await takeSnapshot()), key, () => runSearch(db, tsQuery, params.category, page));
}
