import "server-only";
import { asc, sql, type SQL } from "drizzle-orm";
import { collectionRowOf, STORED_COLLECTION_COLUMNS, toSearchDoc, type StoredCollection } from "@/lib/collections/wire-shapes";
import { getSearchDb } from "@/lib/db/client";
import { queryReused, queryRows } from "@/lib/db/queries";
import type { SearchReader } from "@/lib/db/types";
import { readRecent } from "@/lib/db/read-cache";
import { collections, collectionSearch, collectionSearchTitles } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { countSearch } from "@/lib/observability/metrics";
import { CATEGORIES, type Category } from "@/lib/schemas/category-list";
import {
  PAGE_SIZE,
  RESULT_WINDOW,
  type SearchFacet,
  type SearchParams,
  type SearchResult,
  type SearchSort,
} from "@/lib/schemas/search-params";
import { addressMatches, isContractAddress } from "./contract-address";
import { and, checkChain, facetCounts, facetsFromCounts, filterWhere, type SearchFilters } from "./filters";
import { refreshFrequentLexemesInBackground, windowBound, type WindowBound } from "./frequent-lexemes";
import { bitmapCounts, type BitmapQuery, type FacetCounts, type TitleSegment } from "./bitmaps";
import { queryTerms, toTsQuery } from "./text-query";

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
async function windowCount(db: SearchReader, where: SQL | undefined): Promise<number> {
  const [row] = await queryRows<{ total: string | number }>(db, sql`SELECT ${bounded(s, where)} AS total`);
  return Number(row?.total ?? 0);
}

type TextCounts = { title: number; all: number; rows: number; page: PageIds | null; segments?: TitleSegment[] };

/**
 * Title matches and all matches, each bounded by the window, in one round trip, and the page
 * itself when the matches are few. Title matches are a subset of all matches, so a window full of
 * them settles both, and the full count is skipped.
 *
 * At most FULL_RANK_LIMIT title matches, the statement first reads up to FULL_RANK_LIMIT + 1
 * matches with their rank keys (`m`): when that is every match, those rows are both the count and
 * the rows to rank, so a small query reads each of its rows once, in one statement. Otherwise the
 * bounded count runs as well (reading those rows again). Keeping the keys of every match up to the
 * window would spare that re-read, but costs more than it saves (measured on a word of some 7,000
 * matches: the count with the keys kept and the page sorted out of them took longer).
 *
 * CTEs are MATERIALIZED because a flattened subquery runs once for each reference to it.
 */
async function textCounts(
  db: SearchReader,
  query: SQL,
  match: SQL,
  scope: Scope,
  page: Page,
  known: WindowBound | null,
): Promise<TextCounts> {
  const where = and([sql`${s.searchTsv} @@ ${match}`, ...scope.s]);
  const titleWhere = and([sql`${t.titleTsv} @@ ${match}`, ...scope.t]);
  // Title matches are all matches' subset: a window full of them settles both counts.
  if (known?.titleFills) return { title: RESULT_WINDOW, all: RESULT_WINDOW, rows: Math.max(known.rows, RESULT_WINDOW), page: null };
  if (known?.fills) {
    // Known to fill the window (`windowBound`): the page is broad, and only the title count, which
    // orders it, is left to read.
    const [row] = await queryRows<{ title: string | number; rows: string | number }>(
      db,
      sql`SELECT ${bounded(t, titleWhere)} AS title,
                 (SELECT reltuples FROM pg_class WHERE oid = 'collection_search'::regclass) AS rows`,
    );
    return { title: Number(row?.title ?? 0), all: RESULT_WINDOW, rows: Math.max(Number(row?.rows ?? 0), RESULT_WINDOW), page: null };
  }
  const [row] = await queryRows<{ title: string | number; total: string | number; rows: string | number; ids: string[] | null }>(
    db,
    sql`WITH t AS MATERIALIZED (SELECT ${bounded(t, titleWhere)} AS title),
             m AS MATERIALIZED (SELECT ${s.id} AS id, ${rankKeys(query)} FROM ${s}
                                 WHERE ${where} AND (SELECT title FROM t) <= ${FULL_RANK_LIMIT} LIMIT ${FULL_RANK_LIMIT + 1}),
             n AS MATERIALIZED (SELECT CASE WHEN (SELECT title FROM t) <= ${FULL_RANK_LIMIT} THEN count(*) END AS small FROM m)
        SELECT t.title,
               CASE WHEN t.title >= ${RESULT_WINDOW} THEN ${RESULT_WINDOW} WHEN n.small <= ${FULL_RANK_LIMIT} THEN n.small ELSE ${bounded(s, where)} END AS total,
               CASE WHEN n.small <= ${FULL_RANK_LIMIT}
                    THEN to_json(ARRAY(SELECT id FROM m ORDER BY ${RANK_ORDER} LIMIT ${page.limit} OFFSET ${page.offset})) END AS ids,
               (SELECT reltuples FROM pg_class WHERE oid = 'collection_search'::regclass) AS rows
          FROM t, n`,
  );
  const all = Number(row?.total ?? 0);
  // reltuples is the planner's row estimate (-1 before the first ANALYZE): enough to choose a plan.
  return { title: Number(row?.title ?? 0), all, rows: Math.max(Number(row?.rows ?? 0), all), page: row?.ids ?? null };
}

/**
 * A page of ids computed by the statement that reads the page's rows. `reusable` when its plan
 * is the same whatever the values (it reads every match through the GIN index, then sorts), so
 * that the statement may keep one plan (`queryReused`); not when the planner must choose, from
 * the values, between walking an order's B-tree and sorting.
 */
type Computed = { sql: SQL; reusable: boolean };
/** A page of ids, known already or computed. */
type PageIds = string[] | Computed;
const EMPTY: PageIds = [];

const asArray = (ids: PageIds): SQL =>
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
function verifiedFirstIds(where: SQL | undefined, limit: number, offset: number): Computed {
  const upTo = offset + limit;
  const part = (verified: boolean) =>
    sql`(SELECT ${s.id} AS id, ${verified} AS verified, ${s.lastmodified} AS lastmodified FROM ${s}
          WHERE ${and([where, verified ? sql`${s.verified}` : sql`NOT ${s.verified}`])}
          ORDER BY ${s.lastmodified} DESC NULLS LAST, ${s.id} LIMIT ${upTo})`;
  return {
    sql: sql`ARRAY(SELECT id FROM (${part(true)} UNION ALL ${part(false)}) u ORDER BY ${sql.raw(VERIFIED_NEWEST)} LIMIT ${limit} OFFSET ${offset})`,
    reusable: false,
  };
}

function rankedIds(where: SQL | undefined, order: SQL[], limit: number, offset: number): Computed {
  return {
    sql: sql`ARRAY(SELECT ${s.id} FROM ${s} WHERE ${where ?? sql`true`} ORDER BY ${sql.join(order, sql`, `)} LIMIT ${limit} OFFSET ${offset})`,
    reusable: false,
  };
}

const NEWEST = [sql`${s.lastmodified} DESC NULLS LAST`, asc(s.id)];
/** Equal relevance (the rest of a broad query, or no text at all): verified collections first, then newest. */
const VERIFIED_NEWEST = "verified DESC NULLS LAST, lastmodified DESC NULLS LAST, id";
const BY_TITLE = [asc(s.titleKey), asc(s.id)];

/** The filters as conditions on each search table. */
type Scope = { s: SQL[]; t: SQL[] };
type Page = { limit: number; offset: number };

/** More than any title has words (titles have at most LIMITS.title characters). */
const TIER_STEP = 1_000_000;

/**
 * Rank keys of small match sets (`rank`, then verified first, then newest, then id): by the field
 * that holds every word (title, then title + creator, then + the description, then perk text,
 * TIER_STEP apart), and among title matches the shortest title first (an exact title beats a
 * longer one). One CASE tests each field at most once: a second one for the title's word count
 * cost 15% more.
 */
function rankKeys(query: SQL): SQL {
  return sql`CASE WHEN ${s.titleTsv} @@ ${query} THEN ${s.titleWords} WHEN ${s.headTsv} @@ ${query} THEN ${TIER_STEP}
                  WHEN ${s.bodyTsv} @@ ${query} THEN ${2 * TIER_STEP} ELSE ${3 * TIER_STEP} END AS rank,
             ${s.verified} AS verified, ${s.lastmodified} AS lastmodified`;
}
const RANK_ORDER = sql.raw(`rank, ${VERIFIED_NEWEST}`);

/**
 * The page of a small match set (at most FULL_RANK_LIMIT matches): every match ranked by `rankKeys`.
 * With the matches' `docs` (the bitmaps listed them), the rows are read by number and `where`
 * only tests them (IS TRUE keeps the planner off the GIN index): a short typed prefix spans
 * hundreds of lexemes whose posting lists the index would merge, most of the page's time.
 */
function smallPage(query: SQL, where: SQL, { limit, offset }: Page, docs: number[] | null): Computed {
  const read = docs ? sql`${s.doc} = ANY(${`{${docs.join(",")}}`}::integer[]) AND (${where}) IS TRUE` : where;
  return {
    sql: sql`ARRAY(WITH m AS MATERIALIZED (SELECT ${s.id} AS id, ${rankKeys(query)} FROM ${s} WHERE ${read} LIMIT ${FULL_RANK_LIMIT + 1})
                   SELECT id FROM m ORDER BY ${RANK_ORDER} LIMIT ${limit} OFFSET ${offset})`,
    reusable: true,
  };
}

/**
 * The query for the bitmaps when they can count it: the words, the category and the chain are
 * terms there; the other filters and a contract address placed first are not.
 */
function bitmapQuery(plan: Plan, filters: SearchFilters): BitmapQuery | null {
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
function pageIds(
  table: typeof s | typeof t,
  where: SQL,
  order: string,
  page: { limit: number; offset: number },
  cost: { read: number; matches: number; rows: number } | null,
): Computed {
  const { limit, offset } = page;
  const sorted = cost !== null && cost.read * cost.matches <= (offset + limit) * cost.rows;
  const columns = sql.raw(table === t ? "id, title_words, verified, lastmodified" : "id, verified, lastmodified, title_key");
  // Verified first among equals: the title order index holds the flag; on the full table verified rows walk their own index.
  if (!sorted && table === s && order === VERIFIED_NEWEST) return verifiedFirstIds(where, limit, offset);
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
  const titleWhere = and([sql`${t.titleTsv} @@ ${match}`, ...scope.t])!;
  if (!counts.segments) {
    const taken = offset < counts.title ? Math.min(limit, counts.title - offset) : 0;
    if (taken === 0) return { parts: [], taken };
    const cost = { read: counts.title, matches: counts.title, rows: counts.rows };
    return { parts: [pageIds(t, titleWhere, `title_words, ${VERIFIED_NEWEST}`, { limit, offset }, cost)], taken };
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
    const where = and([titleWhere, sql`${t.titleWords} = ${segment.words}`])!;
    // Sorting reads every title match through the GIN index; the walk, about rows / n entries a row.
    const cost = { read: counts.title, matches: segment.n, rows: segment.rows };
    parts.push(pageIds(t, where, VERIFIED_NEWEST, { limit: take, offset: skip }, cost));
    left -= take;
    skip = 0;
  }
  return { parts, taken: limit - left };
}

function broadRank(query: SQL, match: SQL, scope: Scope, counts: TextCounts, page: Page): Computed {
  const { title, all, rows } = counts;
  const { parts, taken } = titleSlices(match, scope, counts, page);
  if (taken < page.limit) {
    const rest = and([sql`${s.searchTsv} @@ ${match} AND NOT (${s.titleTsv} @@ ${query})`, ...scope.s])!;
    const restPage = { limit: page.limit - taken, offset: Math.max(0, page.offset - title) };
    // The other matches number all - title only below the window; at the window, walk the order.
    const cost = all < RESULT_WINDOW ? { read: all, matches: all - title, rows } : null;
    parts.push(pageIds(s, rest, VERIFIED_NEWEST, restPage, cost));
  }
  return {
    sql: sql.join(
      parts.map((part) => part.sql),
      sql` || `,
    ),
    reusable: parts.every((part) => part.reusable),
  };
}

type Plan = {
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

const ORDERS: Record<Exclude<SearchSort, "relevance">, { list: SQL[]; raw: string }> = {
  newest: { list: NEWEST, raw: "lastmodified DESC NULLS LAST, id" },
  title: { list: BY_TITLE, raw: "title_key, id" },
};

/** The rows after the first `placed`: count, page and the where clause facets count over. */
async function rest(db: SearchReader, plan: Plan, forBitmaps: BitmapQuery | null, scope: Scope, page: Page | null) {
  const { tsQuery, category, sort } = plan;
  const exact = forBitmaps ? await bitmapCounts(db, forBitmaps, { facets: plan.facets.length > 0, listUpTo: FULL_RANK_LIMIT }) : null;
  countSearch(exact ? "bitmaps" : "rows");
  const facets = exact?.facets ?? null;
  if (tsQuery === null) {
    const where = and([category ? sql`(${s.categories} & ${1 << CATEGORIES.indexOf(category)}) <> 0` : undefined, ...scope.s]);
    const matches = exact ? Math.min(exact.all, RESULT_WINDOW) : await windowCount(db, where);
    // Without text every match is equally relevant: verified first, then newest.
    const ids =
      page && page.offset < matches
        ? sort === "relevance"
          ? verifiedFirstIds(where, page.limit, page.offset)
          : rankedIds(where, ORDERS[sort].list, page.limit, page.offset)
        : EMPTY;
    return { matches, ids, where, facets };
  }
  // Once the bitmaps' statement has checked how PostgreSQL parses the words, the tsquery is a
  // parameter: a reused (generic) plan would otherwise parse the text again for every row it tests.
  const query = exact?.parsedTsQuery ? sql`${exact.parsedTsQuery}::tsquery` : sql`to_tsquery('simple', ${tsQuery})`;
  // The category as a lexeme of the match (migration 0004): counted in the GIN index, not by
  // reading every matching row to test its bitmask.
  const match = category ? sql`(${query} && ${`#${CATEGORIES.indexOf(category)}`}::tsquery)` : query;
  const where = and([sql`${s.searchTsv} @@ ${match}`, ...scope.s]);
  let counts: TextCounts;
  if (exact) {
    // Counted by the bitmaps (migration 0010): no row is read to count.
    const small = exact.all <= FULL_RANK_LIMIT && page !== null && page.offset < exact.all;
    // A page that the title matches fill needs no tier of the others: it is read off the narrow
    // title table, segment by segment (`titleSlices`), not by testing every match's four vectors.
    const titlesFill = exact.segments !== null && page !== null && page.offset + page.limit <= exact.title;
    counts = {
      title: Math.min(exact.title, RESULT_WINDOW),
      all: Math.min(exact.all, RESULT_WINDOW),
      rows: exact.rows,
      page: small && sort === "relevance" && !titlesFill ? smallPage(query, where!, page, exact.docs) : null,
      segments: exact.segments ?? undefined,
    };
  } else {
    // A single term without category or filter may be known, from the frequent lexemes, to fill the window.
    let known: WindowBound | null = null;
    if (!category && scope.s.length === 0 && !tsQuery.includes("&")) {
      known = await windowBound(db, tsQuery);
      if (known.stale) refreshFrequentLexemesInBackground();
    }
    counts = await textCounts(db, query, match, scope, page ?? { limit: 0, offset: 0 }, known);
  }
  const matches = counts.all;
  let ids = EMPTY;
  if (page && page.offset < matches) {
    if (sort === "relevance") ids = counts.page ?? broadRank(query, match, scope, counts, page);
    else {
      const cost = matches < RESULT_WINDOW ? { read: matches, matches, rows: counts.rows } : null;
      ids = pageIds(s, where!, ORDERS[sort].raw, page, cost);
    }
  }
  // Without the bitmaps the query is `to_tsquery(…)`, which a reused (generic) plan parses per row.
  if (!exact && !Array.isArray(ids)) ids = { sql: ids.sql, reusable: false };
  return { matches, ids, where, facets };
}

/**
 * Facet counts over every match, as the bitmaps counted them with the matches when they could;
 * otherwise read from the first RESULT_WINDOW matching rows (`facetCounts`).
 */
function facetsOf(db: SearchReader, plan: Plan, counted: FacetCounts | null, where: SQL | undefined, first: string[]) {
  return counted ? facetsFromCounts(counted, plan.facets) : facetCounts(db, where, first, plan.facets);
}

async function runSearch(db: SearchReader, plan: Plan): Promise<SearchResult> {
  const now = Date.now();
  if (plan.filters.chain !== undefined) await checkChain(db, plan.filters.chain);
  const offset = (plan.pageNum - 1) * plan.pageSize;
  const first =
    plan.address === null
      ? []
      : await addressMatches(db, plan.address, plan.category, filterWhere(s, { ...plan.filters, exclude: [] }, now));
  const filters: SearchFilters = { ...plan.filters, exclude: first };
  const scope: Scope = { s: filterWhere(s, filters, now), t: filterWhere(t, filters, now) };
  // The page never reaches past the window: a page size that does not divide it ends short.
  const end = Math.min(offset + plan.pageSize, RESULT_WINDOW);
  const head = first.slice(offset, end);
  const restOffset = Math.max(0, offset - first.length);
  const restLimit = end - offset - head.length;
  const forBitmaps = bitmapQuery(plan, filters);
  const found = await rest(db, plan, forBitmaps, scope, restLimit > 0 ? { limit: restLimit, offset: restOffset } : null);
  const matches = Math.min(first.length + found.matches, RESULT_WINDOW);
  const NumPages = Math.ceil(matches / plan.pageSize);
  const facets = plan.facets.length > 0 ? await facetsOf(db, plan, found.facets, found.where, first) : undefined;
  const answer: SearchResult = { NumPages, Docs: [] };
  if (facets) Object.assign(answer, facets);
  if (offset >= matches || (head.length === 0 && Array.isArray(found.ids) && found.ids.length === 0)) return answer;

  // The page's full rows, in rank order, read in the statement that computes the page: one
  // round trip. A collection deleted meanwhile drops out of the join.
  const ids = head.length === 0 ? asArray(found.ids) : sql`${asArray(head)} || ${asArray(found.ids)}`;
  const reusable = head.length === 0 && !Array.isArray(found.ids) && found.ids.reusable;
  const rows = await (reusable ? queryReused : queryRows)<StoredCollection>(
    db,
    sql`SELECT ${STORED_COLLECTION_COLUMNS}
          FROM unnest(${ids}) WITH ORDINALITY AS p(id, ord) JOIN ${collections} c ON c.id = p.id ORDER BY p.ord`,
  );
  answer.Docs = rows.map((row) => toSearchDoc(collectionRowOf(row)));
  return answer;
}

/**
 * Collections matching the text, category and filters, `pageSize` (20) a page, within the first
 * RESULT_WINDOW matches: by relevance (see `rankKeys` and `broadRank`) when there is text, else
 * most recently modified first; or by `sort`. Ties go by id, so pages never overlap. A query that
 * is a contract address puts that address's collections first. Answers may be up to
 * SEARCH_CACHE_MS old (see `readRecent`).
 */
export async function searchCollections(params: SearchParams): Promise<SearchResult> {
  // Every database call of search goes through this one handle: the replica when there is one.
  const db = await getSearchDb();
  const tsQuery = params.query ? toTsQuery(params.query) : null;
  const plan: Plan = {
    tsQuery,
    words: tsQuery === null ? [] : queryTerms(params.query!),
    address: params.query && isContractAddress(params.query) ? params.query.trim() : null,
    category: params.category,
    filters: { chain: params.chain, releaseStatus: params.releaseStatus, perkStatus: params.perkStatus, verified: params.verified },
    sort: params.sort ?? "relevance",
    pageSize: params.pageSize ?? PAGE_SIZE,
    pageNum: params.pageNum ?? 1,
    facets: params.facets ? [...params.facets].sort() : [],
  };
  const key = JSON.stringify(["search", plan]);
  return readRecent(key, env().SEARCH_CACHE_MS, () => runSearch(db, plan));
}
