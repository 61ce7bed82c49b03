import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { collectionRowOf, STORED_COLLECTION_COLUMNS, toSearchDoc, type StoredCollection } from "@/lib/collections/wire-shapes";
import { getSearchDb } from "@/lib/db/client";
import { queryReused, queryRows } from "@/lib/db/queries";
import type { SearchReader } from "@/lib/db/types";
import { readRecent } from "@/lib/db/read-cache";
import { collections } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { countSearch } from "@/lib/observability/metrics";
import { CATEGORIES } from "@/lib/schemas/category-list";
import { PAGE_SIZE, RESULT_WINDOW, type SearchParams, type SearchResult, type SearchSort } from "@/lib/schemas/search-params";
import { addressMatches, isContractAddress } from "./contract-address";
import { and, checkChain, facetCounts, facetsFromCounts, filterWhere, type SearchFilters } from "./filters";
import { refreshFrequentLexemesInBackground, windowBound, type WindowBound } from "./frequent-lexemes";
import { bitmapCounts, type BitmapQuery, type FacetCounts } from "./bitmaps";
import { queryTerms, toTsQuery } from "./text-query";
import { textCounts, windowCount } from "./search-counts";
import {
  BY_TITLE,
  EMPTY,
  FULL_RANK_LIMIT,
  NEWEST,
  asArray,
  bitmapQuery,
  broadRank,
  pageIds,
  rankedIds,
  searchRows,
  smallPage,
  titleRows,
  verifiedFirstIds,
  type Page,
  type Plan,
  type Scope,
  type TextCounts,
} from "./search-pages";
import { countAppearances } from "@/lib/insights/counter";
import { admitSearch } from "./admission";

export type { SearchResult };

const ORDERS: Record<Exclude<SearchSort, "relevance">, { list: SQL[]; raw: string }> = {
  newest: { list: NEWEST, raw: "lastmodified DESC NULLS LAST, id" },
  title: { list: BY_TITLE, raw: "title_key, id" },
};

/** Count, then page: the matches after the first `placed` (contract-address matches), their page of ids and the where clause facets count over. */
async function countAndPage(db: SearchReader, plan: Plan, forBitmaps: BitmapQuery | null, scope: Scope, page: Page | null) {
  const { tsQuery, category, sort } = plan;
  const exact = forBitmaps ? await bitmapCounts(db, forBitmaps, { facets: plan.facets.length > 0, listUpTo: FULL_RANK_LIMIT }) : null;
  countSearch(exact ? "bitmaps" : "rows");
  const facets = exact?.facets ?? null;
  if (tsQuery === null) {
    const where = and([category ? sql`(${searchRows.categories} & ${1 << CATEGORIES.indexOf(category)}) <> 0` : undefined, ...scope.s]);
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
  const where = and([sql`${searchRows.searchTsv} @@ ${match}`, ...scope.s]);
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
      ids = pageIds(searchRows, where!, ORDERS[sort].raw, page, cost);
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
      : await addressMatches(db, plan.address, plan.category, filterWhere(searchRows, { ...plan.filters, exclude: [] }, now));
  const filters: SearchFilters = { ...plan.filters, exclude: first };
  const scope: Scope = { s: filterWhere(searchRows, filters, now), t: filterWhere(titleRows, filters, now) };
  // The page never reaches past the window: a page size that does not divide it ends short.
  const end = Math.min(offset + plan.pageSize, RESULT_WINDOW);
  const head = first.slice(offset, end);
  const restOffset = Math.max(0, offset - first.length);
  const restLimit = end - offset - head.length;
  const forBitmaps = bitmapQuery(plan, filters);
  const found = await countAndPage(db, plan, forBitmaps, scope, restLimit > 0 ? { limit: restLimit, offset: restOffset } : null);
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
  return countAppearances("search", await readRecent(key, env().SEARCH_CACHE_MS, () => admitSearch(() => runSearch(db, plan))));
}
