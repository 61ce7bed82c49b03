import "server-only";
import { asc, sql, type SQL } from "drizzle-orm";
import { collectionSearch, collectionSearchTitles } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { CATEGORIES, type Category } from "@/lib/schemas/category-list";
import { RESULT_WINDOW, type SearchFacet, type SearchSort } from "@/lib/schemas/search-params";
import { and, type SearchFilters } from "./filters";
import { type BitmapQuery, type TitleSegment } from "./bitmaps";

/** Which ids make a page: the orders, the rank keys, small pages by doc number, title slices and broad ranks. */

/** The search rows (one per collection) and their title rows, as the SQL below names them. */
export const searchRows = collectionSearch;
export const titleRows = collectionSearchTitles;

/**
 * Up to this many matches are ranked fully (see `rankKeys`); above it a query is broad, and
 * ranking every match would read thousands of rows for one page.
 */
export const FULL_RANK_LIMIT = 1_000;

export type TextCounts = { title: number; all: number; rows: number; page: PageIds | null; segments?: TitleSegment[] };

/**
 * A page of ids computed by the statement that reads the page's rows. `reusable` when its plan
 * is the same whatever the values (it reads every match through the GIN index, then sorts), so
 * that the statement may keep one plan (`queryReused`); not when the planner must choose, from
 * the values, between walking an order's B-tree and sorting.
 */
type Computed = { sql: SQL; reusable: boolean };
/** A page of ids, known already or computed. */
type PageIds = string[] | Computed;
export const EMPTY: PageIds = [];

export const asArray = (ids: PageIds): SQL =>
  Array.isArray(ids)
    ? ids.length === 0
      ? sql`'{}'::text[]`
      : sql`ARRAY[${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}]::text[]`
    : ids.sql;

/**
 * A page of `where`'s rows, verified first, then newest (`VERIFIED_NEWEST`). Verified rows are
 * few and have an index of their own (collection_search_verified_idx): each part walks its index
 * up to the page's end, so a page costs what a newest-first page did, plus the verified rows up
 * to it, without an index on the verified flag and the date together.
 */
export function verifiedFirstIds(where: SQL | undefined, limit: number, offset: number): Computed {
  const upTo = offset + limit;
  const part = (verified: boolean) =>
    sql`(SELECT ${searchRows.id} AS id, ${verified} AS verified, ${searchRows.lastmodified} AS lastmodified FROM ${searchRows}
          WHERE ${and([where, verified ? sql`${searchRows.verified}` : sql`NOT ${searchRows.verified}`])}
          ORDER BY ${searchRows.lastmodified} DESC NULLS LAST, ${searchRows.id} LIMIT ${upTo})`;
  return {
    sql: sql`ARRAY(SELECT id FROM (${part(true)} UNION ALL ${part(false)}) u ORDER BY ${sql.raw(VERIFIED_NEWEST)} LIMIT ${limit} OFFSET ${offset})`,
    reusable: false,
  };
}

export function rankedIds(where: SQL | undefined, order: SQL[], limit: number, offset: number): Computed {
  return {
    sql: sql`ARRAY(SELECT ${searchRows.id} FROM ${searchRows} WHERE ${where ?? sql`true`} ORDER BY ${sql.join(order, sql`, `)} LIMIT ${limit} OFFSET ${offset})`,
    reusable: false,
  };
}

export const NEWEST = [sql`${searchRows.lastmodified} DESC NULLS LAST`, asc(searchRows.id)];
/** Equal relevance (the rest of a broad query, or no text at all): verified collections first, then newest. */
const VERIFIED_NEWEST = "verified DESC NULLS LAST, lastmodified DESC NULLS LAST, id";
export const BY_TITLE = [asc(searchRows.titleKey), asc(searchRows.id)];

/** The filters as conditions on each search table. */
export type Scope = { s: SQL[]; t: SQL[] };
export type Page = { limit: number; offset: number };

/** More than any title has words (titles have at most LIMITS.title characters). */
const TIER_STEP = 1_000_000;

/**
 * Rank keys of small match sets (`rank`, then verified first, then newest, then id): by the field
 * that holds every word (title, then title + creator, then + the description, then perk text,
 * TIER_STEP apart), and among title matches the shortest title first (an exact title beats a
 * longer one). One CASE tests each field at most once: a second one for the title's word count
 * cost 15% more.
 */
export function rankKeys(query: SQL): SQL {
  return sql`CASE WHEN ${searchRows.titleTsv} @@ ${query} THEN ${searchRows.titleWords} WHEN ${searchRows.headTsv} @@ ${query} THEN ${TIER_STEP}
                  WHEN ${searchRows.bodyTsv} @@ ${query} THEN ${2 * TIER_STEP} ELSE ${3 * TIER_STEP} END AS rank,
             ${searchRows.verified} AS verified, ${searchRows.lastmodified} AS lastmodified`;
}
export const RANK_ORDER = sql.raw(`rank, ${VERIFIED_NEWEST}`);

/**
 * The page of a small match set (at most FULL_RANK_LIMIT matches): every match ranked by `rankKeys`.
 * With the matches' `docs` (the bitmaps listed them), the rows are read by number and `where`
 * only tests them (IS TRUE keeps the planner off the GIN index): a short typed prefix spans
 * hundreds of lexemes whose posting lists the index would merge, most of the page's time.
 */
export function smallPage(query: SQL, where: SQL, { limit, offset }: Page, docs: number[] | null): Computed {
  const read = docs ? sql`${searchRows.doc} = ANY(${`{${docs.join(",")}}`}::integer[]) AND (${where}) IS TRUE` : where;
  return {
    sql: sql`ARRAY(WITH m AS MATERIALIZED (SELECT ${searchRows.id} AS id, ${rankKeys(query)} FROM ${searchRows} WHERE ${read} LIMIT ${FULL_RANK_LIMIT + 1})
                   SELECT id FROM m ORDER BY ${RANK_ORDER} LIMIT ${limit} OFFSET ${offset})`,
    reusable: true,
  };
}

/**
 * The query for the bitmaps when they can count it: the words, the category and the chain are
 * terms there; the other filters and a contract address placed first are not.
 */
export function bitmapQuery(plan: Plan, filters: SearchFilters): BitmapQuery | null {
  if (!env().SEARCH_BITMAPS) return null;
  // `verified` has no bitmap term: verified rows are few, and their own index finds them.
  if (filters.releaseStatus !== undefined || filters.perkStatus !== undefined || filters.verified || filters.exclude.length > 0)
    return null;
  const category = plan.category === undefined ? undefined : CATEGORIES.indexOf(plan.category);
  return { words: plan.words, tsQuery: plan.tsQuery, category, chain: filters.chain };
}

/**
 * A page of the rows of `table` matching `where`, in `order` (bare column names). An ordered read
 * walks the order's B-tree and tests each row until the page is full: about (offset + limit) *
 * rows / matches rows. A sorted read fetches every candidate (`read` rows) through the GIN index
 * and sorts them. The planner only guesses how many rows a prefix matches (it walked the B-tree
 * through 5,300 rows for the 325 title matches of "lu"), and the counts already know, so the
 * choice is made here; the MATERIALIZED CTE keeps the sort from being planned as an ordered read.
 */
export function pageIds(
  table: typeof searchRows | typeof titleRows,
  where: SQL,
  order: string,
  page: { limit: number; offset: number },
  cost: { read: number; matches: number; rows: number } | null,
): Computed {
  const { limit, offset } = page;
  const sorted = cost !== null && cost.read * cost.matches <= (offset + limit) * cost.rows;
  const columns = sql.raw(table === titleRows ? "id, title_words, verified, lastmodified" : "id, verified, lastmodified, title_key");
  // Verified first among equals: the title order index holds the flag; on the full table verified rows walk their own index.
  if (!sorted && table === searchRows && order === VERIFIED_NEWEST) return verifiedFirstIds(where, limit, offset);
  return sorted
    ? {
        sql: sql`ARRAY(WITH m AS MATERIALIZED (SELECT ${columns} FROM ${table} WHERE ${where})
                       SELECT id FROM m ORDER BY ${sql.raw(order)} LIMIT ${limit} OFFSET ${offset})`,
        reusable: true,
      }
    : {
        sql: sql`ARRAY(SELECT id FROM ${table} WHERE ${where} ORDER BY ${sql.raw(order)} LIMIT ${limit} OFFSET ${offset})`,
        reusable: false,
      };
}

/**
 * Broad queries (over FULL_RANK_LIMIT matches): title matches first, the shortest title first,
 * then newest (collection_search_titles_order_idx); then the other matches newest first
 * (collection_search_recent_idx). An ordered read stops after the page, so the cost follows the
 * page, not the number of matches. `match` is the query with the category lexeme, if any.
 */
/**
 * The title slice of a broad page, and how many rows it gives. Title matches are ordered by
 * number of title words, then newest; with the bitmaps' count of each number (`segments`), a page
 * reads only the segments it falls in, each walked off the order index at its `title_words`
 * value or sorted when it is small. Without them, one read of the whole title order.
 */
function titleSlices(match: SQL, scope: Scope, counts: TextCounts, { limit, offset }: Page): { parts: Computed[]; taken: number } {
  const titleWhere = and([sql`${titleRows.titleTsv} @@ ${match}`, ...scope.t])!;
  if (!counts.segments) {
    const taken = offset < counts.title ? Math.min(limit, counts.title - offset) : 0;
    if (taken === 0) return { parts: [], taken };
    const cost = { read: counts.title, matches: counts.title, rows: counts.rows };
    return { parts: [pageIds(titleRows, titleWhere, `title_words, ${VERIFIED_NEWEST}`, { limit, offset }, cost)], taken };
  }
  const parts: Computed[] = [];
  let skip = offset;
  let left = limit;
  for (const segment of counts.segments) {
    if (left === 0) break;
    if (skip >= segment.n) {
      skip -= segment.n;
      continue;
    }
    const take = Math.min(left, segment.n - skip);
    const where = and([titleWhere, sql`${titleRows.titleWords} = ${segment.words}`])!;
    // Sorting reads every title match through the GIN index; the walk, about rows / n entries a row.
    const cost = { read: counts.title, matches: segment.n, rows: segment.rows };
    parts.push(pageIds(titleRows, where, VERIFIED_NEWEST, { limit: take, offset: skip }, cost));
    left -= take;
    skip = 0;
  }
  return { parts, taken: limit - left };
}

export function broadRank(query: SQL, match: SQL, scope: Scope, counts: TextCounts, page: Page): Computed {
  const { title, all, rows } = counts;
  const { parts, taken } = titleSlices(match, scope, counts, page);
  if (taken < page.limit) {
    const rest = and([sql`${searchRows.searchTsv} @@ ${match} AND NOT (${searchRows.titleTsv} @@ ${query})`, ...scope.s])!;
    const restPage = { limit: page.limit - taken, offset: Math.max(0, page.offset - title) };
    // The other matches number all - title only below the window; at the window, walk the order.
    const cost = all < RESULT_WINDOW ? { read: all, matches: all - title, rows } : null;
    parts.push(pageIds(searchRows, rest, VERIFIED_NEWEST, restPage, cost));
  }
  return {
    sql: sql.join(
      parts.map((part) => part.sql),
      sql` || `,
    ),
    reusable: parts.every((part) => part.reusable),
  };
}

export type Plan = {
  tsQuery: string | null;
  /** The words of the query (`queryTerms`), which `tsQuery` is made of. */
  words: string[];
  /** The query when it is a contract address: its collections come first. */
  address: string | null;
  category: Category | undefined;
  filters: Omit<SearchFilters, "exclude">;
  sort: SearchSort;
  pageSize: number;
  pageNum: number;
  facets: SearchFacet[];
};
