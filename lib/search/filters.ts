import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { collectionSearch, collectionSearchTitles } from "@/lib/db/schema";
import { badRequest } from "@/lib/errors";
import { queryRows } from "@/lib/db/queries";
import type { SearchReader } from "@/lib/db/types";
import { CATEGORIES } from "@/lib/schemas/category-list";
import type { ReleaseStatus } from "@/lib/schemas/collection";
import type { PerkStatus } from "@/lib/schemas/perk";
import { FACET_VALUE_LIMIT, RESULT_WINDOW, type SearchFacet, type SearchFacets, type SearchFacetsOther } from "@/lib/schemas/search-params";
import type { FacetCounts } from "./bitmaps";

type SearchTable = typeof collectionSearch | typeof collectionSearchTitles;

export type SearchFilters = {
  chain?: string;
  releaseStatus?: ReleaseStatus;
  perkStatus?: PerkStatus;
  /** Only collections holding their contract's verified badge. */
  verified?: true;
  /** Collections already placed first (a contract address query): left out of the rest. */
  exclude: string[];
};

/**
 * The rule of `effectivePerkStatus` (lib/schemas/perk-lifecycle.ts) over a search row, whose date columns
 * hold `perkPastFrom` moments: Past when a perk is stored Past or the earliest moment one of the
 * others is over has come; Upcoming until the latest such moment of the stored Upcoming perks
 * (undated: the largest bigint).
 */
function perkStatusWhere(table: SearchTable, status: PerkStatus, now: number): SQL {
  return status === "Past" ? sql`(${table.perkPast} OR ${table.datedFirst} <= ${now})` : sql`${table.upcomingLast} > ${now}`;
}

/** The filters as conditions on either search table (both carry the columns of migration 0006). */
export function filterWhere(table: SearchTable, filters: SearchFilters, now: number): SQL[] {
  const where: SQL[] = [];
  if (filters.chain !== undefined) where.push(sql`${table.chain} = ${filters.chain}`);
  if (filters.releaseStatus !== undefined) where.push(sql`${table.releaseStatus} = ${filters.releaseStatus}`);
  if (filters.perkStatus !== undefined) where.push(perkStatusWhere(table, filters.perkStatus, now));
  if (filters.verified) where.push(sql`${table.verified}`);
  if (filters.exclude.length > 0) {
    where.push(
      sql`${table.id} NOT IN (${sql.join(
        filters.exclude.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  }
  return where;
}

export const and = (parts: (SQL | undefined)[]): SQL | undefined => {
  const present = parts.filter((part): part is SQL => part !== undefined);
  return present.length === 0 ? undefined : sql.join(present, sql` AND `);
};

const MAX_NAMED_CHAINS = 50;

/**
 * The distinct chains of the store, in order, at most `limit`: a loose index scan of
 * collection_search_chain_idx, one probe per chain however many collections there are.
 */
export async function knownChains(db: SearchReader, limit: number): Promise<string[]> {
  const rows = await queryRows<{ chain: string }>(
    db,
    sql`WITH RECURSIVE c AS (
          (SELECT chain FROM collection_search ORDER BY chain LIMIT 1)
          UNION ALL
          SELECT (SELECT s.chain FROM collection_search s WHERE s.chain > c.chain ORDER BY s.chain LIMIT 1) FROM c WHERE c.chain IS NOT NULL)
        SELECT chain FROM c WHERE chain IS NOT NULL LIMIT ${limit}`,
  );
  return rows.map((row) => row.chain);
}

/**
 * A chain no stored collection is on is refused: a typo would otherwise answer an empty page that
 * looks like "nothing matches". One probe of collection_search_chain_idx; the known chains are
 * listed only for the refusal.
 */
export async function checkChain(db: SearchReader, chain: string): Promise<void> {
  const [row] = await queryRows<{ known: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM ${collectionSearch} WHERE ${collectionSearch.chain} = ${chain}) AS known`,
  );
  if (row?.known) return;
  const chains = await knownChains(db, MAX_NAMED_CHAINS + 1);
  const names = chains.slice(0, MAX_NAMED_CHAINS).map((known) => JSON.stringify(known));
  if (chains.length > MAX_NAMED_CHAINS) names.push("…");
  throw badRequest(
    `chain: unknown chain ${JSON.stringify(chain)}; ${names.length ? `known chains: ${names.join(", ")}` : "no collection is stored yet"}`,
  );
}

/** Facets as search answers them: the counts, and what the capped free-text facets left out (only when something was). */
export type FacetAnswer = { Facets: SearchFacets; FacetsOther?: SearchFacetsOther };

const byName = ([a]: [string, number], [b]: [string, number]) => (a < b ? -1 : a > b ? 1 : 0);

function facetAnswer(
  facets: SearchFacet[],
  categories: (bit: number) => number,
  chains: [string, number][],
  otherChains: number,
): FacetAnswer {
  const answer: FacetAnswer = { Facets: {} };
  if (facets.includes("category"))
    answer.Facets.category = Object.fromEntries(CATEGORIES.map((category, bit) => [category, categories(bit)]));
  if (facets.includes("chain")) {
    answer.Facets.chain = Object.fromEntries([...chains].sort(byName));
    if (otherChains > 0) answer.FacetsOther = { chain: otherChains };
  }
  return answer;
}

/**
 * Facet counts in one pass over the matches, bounded by the result window like the count: each
 * row's category bitmask is tested for all 18 bits and its chain grouped, so the cost follows the
 * number of matches read (at most RESULT_WINDOW), never the store. Chains are free text: only the
 * FACET_VALUE_LIMIT with the most matches are listed, the rest summed. `first` are rows placed
 * ahead of `where`'s (a contract address query) and counted with them.
 */
export async function facetCounts(db: SearchReader, where: SQL | undefined, first: string[], facets: SearchFacet[]): Promise<FacetAnswer> {
  const s = collectionSearch;
  const head =
    first.length === 0
      ? sql``
      : sql`(SELECT categories, chain FROM ${s} WHERE ${s.id} IN (${sql.join(
          first.map((id) => sql`${id}`),
          sql`, `,
        )})) UNION ALL `;
  const bits = sql.join(
    CATEGORIES.map((_, bit) => sql`count(*) FILTER (WHERE categories & ${1 << bit} <> 0)`),
    sql`, `,
  );
  const [row] = await queryRows<{
    categories: (string | number)[] | null;
    chains: Record<string, string | number> | null;
    other: string | number | null;
  }>(
    db,
    sql`WITH m AS MATERIALIZED (${head}(SELECT ${s.categories} AS categories, ${s.chain} AS chain FROM ${s}
                                           WHERE ${where ?? sql`true`} LIMIT ${RESULT_WINDOW - first.length})),
             g AS (SELECT chain, count(*) AS n, row_number() OVER (ORDER BY count(*) DESC, chain COLLATE "C") AS rank FROM m GROUP BY chain)
        SELECT ${facets.includes("category") ? sql`(SELECT json_build_array(${bits}) FROM m)` : sql`NULL`} AS categories,
               ${facets.includes("chain") ? sql`(SELECT json_object_agg(chain, n) FROM g WHERE rank <= ${FACET_VALUE_LIMIT})` : sql`NULL`} AS chains,
               ${facets.includes("chain") ? sql`(SELECT sum(n) FROM g WHERE rank > ${FACET_VALUE_LIMIT})` : sql`NULL`} AS other`,
  );
  return facetAnswer(
    facets,
    (bit) => Number(row?.categories?.[bit] ?? 0),
    Object.entries(row?.chains ?? {}).map(([chain, n]) => [chain, Number(n)]),
    Number(row?.other ?? 0),
  );
}

/** Facets in the API's shape from per-category (by index) and per-chain counts of the bitmaps (already capped). */
export function facetsFromCounts(counts: FacetCounts, facets: SearchFacet[]): FacetAnswer {
  return facetAnswer(facets, (bit) => counts.categories.get(bit) ?? 0, [...counts.chains], counts.otherChains);
}
