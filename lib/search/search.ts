import "server-only";
import { asc, inArray, sql, type SQL } from "drizzle-orm";
import { toSearchDoc } from "@/lib/collections/wire-shapes";
import { collectionColumns } from "@/lib/collections/read";
import { getSearchDb, queryRows, type Database } from "@/lib/db/client";
import { readRecent } from "@/lib/db/read-cache";
import { collections, collectionSearch, collectionSearchTitles } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { CATEGORIES, type Category } from "@/lib/schemas/category-list";
import { PAGE_SIZE, RESULT_WINDOW, type SearchParams, type SearchResult } from "@/lib/schemas/search-params";
import { refreshFrequentLexemesInBackground, windowBound, type WindowBound } from "./frequent-lexemes";
import { toTsQuery } from "./text-query";

export type { SearchResult };

const s = collectionSearch;
const t = collectionSearchTitles;

/**
 * Up to this many matches are ranked fully (see `rankKeys`); above it a query is broad, and
 * ranking every match would read thousands of rows for one page.
 */
export const FULL_RANK_LIMIT = 1_000;

const bounded = (table: typeof s | typeof t, where: SQL | undefined) =>
  sql`(SELECT count(*) FROM (SELECT 1 FROM ${table} WHERE ${where ?? sql`true`} LIMIT ${RESULT_WINDOW}) w)`;

/** Matches in the result window, counting no further than the window: a bounded read. */
async function windowCount(db: Database, where: SQL | undefined): Promise<number> {
  const [row] = await queryRows<{ total: string | number }>(db, sql`SELECT ${bounded(s, where)} AS total`);
  return Number(row?.total ?? 0);
}

type TextCounts = { title: number; all: number; rows: number; page: string[] | null };

/**
 * Title matches and all matches, each bounded by the window, in one round trip, and the page
 * itself when the matches are few. Title matches are a subset of all matches, so a window full of
 * them settles both, and the full count is skipped.
 *
 * At most FULL_RANK_LIMIT title matches, the statement first reads up to FULL_RANK_LIMIT + 1
 * matches with their rank keys (`m`): when that is every match, those rows are both the count and
 * the rows to rank, so a small query reads each of its rows once, in one statement. Otherwise the
 * bounded count runs as well (reading those rows again). Keeping the keys of every match up to the
 * window would spare that re-read, but costs more than it saves: for "anima" (7,140 matches) the
 * count took 8.7 ms plain and 13.9 ms with the keys kept and the page sorted out of them.
 *
 * CTEs are MATERIALIZED because a flattened subquery runs once for each reference to it.
 */
async function textCounts(db: Database, query: SQL, match: SQL, offset: number, known: WindowBound | null): Promise<TextCounts> {
  const where = sql`${s.searchTsv} @@ ${match}`;
  // Title matches are all matches' subset: a window full of them settles both counts.
  if (known?.titleFills) return { title: RESULT_WINDOW, all: RESULT_WINDOW, rows: Math.max(known.rows, RESULT_WINDOW), page: null };
  if (known?.fills) {
    // Known to fill the window (`windowBound`): the page is broad, and only the title count, which
    // orders it, is left to read.
    const [row] = await queryRows<{ title: string | number; rows: string | number }>(
      db,
      sql`SELECT ${bounded(t, sql`${t.titleTsv} @@ ${match}`)} AS title,
                 (SELECT reltuples FROM pg_class WHERE oid = 'collection_search'::regclass) AS rows`,
    );
    return { title: Number(row?.title ?? 0), all: RESULT_WINDOW, rows: Math.max(Number(row?.rows ?? 0), RESULT_WINDOW), page: null };
  }
  const [row] = await queryRows<{ title: string | number; total: string | number; rows: string | number; ids: string[] | null }>(
    db,
    sql`WITH t AS MATERIALIZED (SELECT ${bounded(t, sql`${t.titleTsv} @@ ${match}`)} AS title),
             m AS MATERIALIZED (SELECT ${s.id} AS id, ${rankKeys(query)} FROM ${s}
                                 WHERE ${where} AND (SELECT title FROM t) <= ${FULL_RANK_LIMIT} LIMIT ${FULL_RANK_LIMIT + 1}),
             n AS MATERIALIZED (SELECT CASE WHEN (SELECT title FROM t) <= ${FULL_RANK_LIMIT} THEN count(*) END AS small FROM m)
        SELECT t.title,
               CASE WHEN t.title >= ${RESULT_WINDOW} THEN ${RESULT_WINDOW} WHEN n.small <= ${FULL_RANK_LIMIT} THEN n.small ELSE ${bounded(s, where)} END AS total,
               CASE WHEN n.small <= ${FULL_RANK_LIMIT}
                    THEN to_json(ARRAY(SELECT id FROM m ORDER BY tier, words, lastmodified DESC NULLS LAST, id LIMIT ${PAGE_SIZE} OFFSET ${offset})) END AS ids,
               (SELECT reltuples FROM pg_class WHERE oid = 'collection_search'::regclass) AS rows
          FROM t, n`,
  );
  const all = Number(row?.total ?? 0);
  // reltuples is the planner's row estimate (-1 before the first ANALYZE): enough to choose a plan.
  return { title: Number(row?.title ?? 0), all, rows: Math.max(Number(row?.rows ?? 0), all), page: row?.ids ?? null };
}

async function rankedIds(db: Database, where: SQL | undefined, order: SQL[], limit: number, offset: number): Promise<string[]> {
  const rows = await db
    .select({ id: s.id })
    .from(s)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return rows.map((row) => row.id);
}

const NEWEST = [sql`${s.lastmodified} DESC NULLS LAST`, asc(s.id)];

/**
 * Rank keys of small match sets: by the field that holds every word (`tier`: title, then title +
 * creator, then + the description, then perk text); among title matches the shortest title first
 * (`words`: an exact title beats a longer one); then newest, then id.
 */
function rankKeys(query: SQL): SQL {
  const titleHit = sql`${s.titleTsv} @@ ${query}`;
  return sql`CASE WHEN ${titleHit} THEN 0 WHEN ${s.headTsv} @@ ${query} THEN 1 WHEN ${s.bodyTsv} @@ ${query} THEN 2 ELSE 3 END AS tier,
             CASE WHEN ${titleHit} THEN ${s.titleWords} ELSE 0 END AS words, ${s.lastmodified} AS lastmodified`;
}

/**
 * A page of the rows of `table` matching `where`, in `order` (bare column names). An ordered read
 * walks the order's B-tree and tests each row until the page is full: about (offset + limit) *
 * rows / matches rows. A sorted read fetches every candidate (`read` rows) through the GIN index
 * and sorts them. The planner only guesses how many rows a prefix matches (it walked the B-tree
 * through 5,300 rows for the 325 title matches of "lu"), and the counts already know, so the
 * choice is made here; the MATERIALIZED CTE keeps the sort from being planned as an ordered read.
 */
async function pageIds(
  db: Database,
  table: typeof s | typeof t,
  where: SQL,
  order: string,
  page: { limit: number; offset: number },
  cost: { read: number; matches: number; rows: number } | null,
): Promise<string[]> {
  const { limit, offset } = page;
  const sorted = cost !== null && cost.read * cost.matches <= (offset + limit) * cost.rows;
  const columns = sql.raw(table === t ? "id, title_words, lastmodified" : "id, lastmodified");
  const rows = await queryRows<{ id: string }>(
    db,
    sorted
      ? sql`WITH m AS MATERIALIZED (SELECT ${columns} FROM ${table} WHERE ${where})
            SELECT id FROM m ORDER BY ${sql.raw(order)} LIMIT ${limit} OFFSET ${offset}`
      : sql`SELECT id FROM ${table} WHERE ${where} ORDER BY ${sql.raw(order)} LIMIT ${limit} OFFSET ${offset}`,
  );
  return rows.map((row) => row.id);
}

/**
 * Broad queries (over FULL_RANK_LIMIT matches): title matches first, the shortest title first,
 * then newest (collection_search_titles_order_idx); then the other matches newest first
 * (collection_search_recent_idx). An ordered read stops after the page, so the cost follows the
 * page, not the number of matches. `match` is the query with the category lexeme, if any.
 */
async function broadRank(db: Database, query: SQL, match: SQL, counts: TextCounts, offset: number): Promise<string[]> {
  const { title, all, rows } = counts;
  const ids: string[] = [];
  if (offset < title) {
    const titleWhere = sql`${t.titleTsv} @@ ${match}`;
    const cost = { read: title, matches: title, rows };
    ids.push(...(await pageIds(db, t, titleWhere, "title_words, lastmodified DESC NULLS LAST, id", { limit: PAGE_SIZE, offset }, cost)));
  }
  if (ids.length < PAGE_SIZE) {
    const rest = sql`${s.searchTsv} @@ ${match} AND NOT (${s.titleTsv} @@ ${query})`;
    const page = { limit: PAGE_SIZE - ids.length, offset: Math.max(0, offset - title) };
    // The other matches number all - title only below the window; at the window, walk the order.
    const cost = all < RESULT_WINDOW ? { read: all, matches: all - title, rows } : null;
    ids.push(...(await pageIds(db, s, rest, "lastmodified DESC NULLS LAST, id", page, cost)));
  }
  return ids;
}

async function runSearch(db: Database, tsQuery: string | null, category: Category | undefined, pageNum: number): Promise<SearchResult> {
  const offset = (pageNum - 1) * PAGE_SIZE;
  let matches: number;
  let ids: string[] = [];
  if (tsQuery === null) {
    const where = category ? sql`(${s.categories} & ${1 << CATEGORIES.indexOf(category)}) <> 0` : undefined;
    matches = await windowCount(db, where);
    if (offset < matches) ids = await rankedIds(db, where, NEWEST, PAGE_SIZE, offset);
  } else {
    const query = sql`to_tsquery('simple', ${tsQuery})`;
    // The category as a lexeme of the match (migration 0004): counted in the GIN index, not by
    // reading every matching row to test its bitmask.
    const match = category ? sql`(${query} && ${`#${CATEGORIES.indexOf(category)}`}::tsquery)` : query;
    // A single term without category may be known, from the frequent lexemes, to fill the window.
    let known: WindowBound | null = null;
    if (!category && !tsQuery.includes("&")) {
      known = await windowBound(db, tsQuery);
      if (known.stale) refreshFrequentLexemesInBackground();
    }
    const counts = await textCounts(db, query, match, offset, known);
    matches = counts.all;
    if (offset < matches) ids = counts.page ?? (await broadRank(db, query, match, counts, offset));
  }
  const NumPages = Math.ceil(matches / PAGE_SIZE);
  if (ids.length === 0) return { NumPages, Docs: [] };

  // Full rows of the page only, put back in rank order.
  const rows = await db.select(collectionColumns).from(collections).where(inArray(collections.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return { NumPages, Docs: ids.flatMap((id) => (byId.has(id) ? [toSearchDoc(byId.get(id)!)] : [])) };
}

/**
 * Collections matching the text and category, 20 a page, within the first RESULT_WINDOW matches:
 * see `rankKeys` and `broadRank` for text; without text, most recently modified first. Ties go
 * by id, so pages never overlap. Answers may be up to SEARCH_CACHE_MS old (see `readRecent`).
 */
export async function searchCollections(params: SearchParams): Promise<SearchResult> {
  // Every database call of search goes through this one handle: the replica when there is one.
  const db = await getSearchDb();
  const tsQuery = params.query ? toTsQuery(params.query) : null;
  const page = params.pageNum ?? 1;
  const key = JSON.stringify(["search", tsQuery, params.category ?? null, page]);
  return readRecent(key, env().SEARCH_CACHE_MS, () => runSearch(db, tsQuery, params.category, page));
}
