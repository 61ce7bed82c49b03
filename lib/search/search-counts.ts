import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { queryRows } from "@/lib/db/queries";
import type { SearchReader } from "@/lib/db/types";
import { RESULT_WINDOW } from "@/lib/schemas/search-params";
import { and } from "./filters";
import { type WindowBound } from "./frequent-lexemes";
import { FULL_RANK_LIMIT, RANK_ORDER, rankKeys, searchRows, titleRows, type Page, type Scope, type TextCounts } from "./search-pages";

/** How many rows match: the result window bounded, the title and text counts of a query. */

const bounded = (table: typeof searchRows | typeof titleRows, where: SQL | undefined) =>
  sql`(SELECT count(*) FROM (SELECT 1 FROM ${table} WHERE ${where ?? sql`true`} LIMIT ${RESULT_WINDOW}) w)`;

/** Matches in the result window, counting no further than the window: a bounded read. */
export async function windowCount(db: SearchReader, where: SQL | undefined): Promise<number> {
  const [row] = await queryRows<{ total: string | number }>(db, sql`SELECT ${bounded(searchRows, where)} AS total`);
  return Number(row?.total ?? 0);
}

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
export async function textCounts(
  db: SearchReader,
  query: SQL,
  match: SQL,
  scope: Scope,
  page: Page,
  known: WindowBound | null,
): Promise<TextCounts> {
  const where = and([sql`${searchRows.searchTsv} @@ ${match}`, ...scope.s]);
  const titleWhere = and([sql`${titleRows.titleTsv} @@ ${match}`, ...scope.t]);
  // Title matches are all matches' subset: a window full of them settles both counts.
  if (known?.titleFills) return { title: RESULT_WINDOW, all: RESULT_WINDOW, rows: Math.max(known.rows, RESULT_WINDOW), page: null };
  if (known?.fills) {
    // Known to fill the window (`windowBound`): the page is broad, and only the title count, which
    // orders it, is left to read.
    const [row] = await queryRows<{ title: string | number; rows: string | number }>(
      db,
      sql`SELECT ${bounded(titleRows, titleWhere)} AS title,
                 (SELECT reltuples FROM pg_class WHERE oid = 'collection_search'::regclass) AS rows`,
    );
    return { title: Number(row?.title ?? 0), all: RESULT_WINDOW, rows: Math.max(Number(row?.rows ?? 0), RESULT_WINDOW), page: null };
  }
  const [row] = await queryRows<{ title: string | number; total: string | number; rows: string | number; ids: string[] | null }>(
    db,
    sql`WITH t AS MATERIALIZED (SELECT ${bounded(titleRows, titleWhere)} AS title),
             m AS MATERIALIZED (SELECT ${searchRows.id} AS id, ${rankKeys(query)} FROM ${searchRows}
                                 WHERE ${where} AND (SELECT title FROM t) <= ${FULL_RANK_LIMIT} LIMIT ${FULL_RANK_LIMIT + 1}),
             n AS MATERIALIZED (SELECT CASE WHEN (SELECT title FROM t) <= ${FULL_RANK_LIMIT} THEN count(*) END AS small FROM m)
        SELECT t.title,
               CASE WHEN t.title >= ${RESULT_WINDOW} THEN ${RESULT_WINDOW} WHEN n.small <= ${FULL_RANK_LIMIT} THEN n.small ELSE ${bounded(searchRows, where)} END AS total,
               CASE WHEN n.small <= ${FULL_RANK_LIMIT}
                    THEN to_json(ARRAY(SELECT id FROM m ORDER BY ${RANK_ORDER} LIMIT ${page.limit} OFFSET ${page.offset})) END AS ids,
               (SELECT reltuples FROM pg_class WHERE oid = 'collection_search'::regclass) AS rows
          FROM t, n`,
  );
  const all = Number(row?.total ?? 0);
  // reltuples is the planner's row estimate (-1 before the first ANALYZE): enough to choose a plan.
  return { title: Number(row?.title ?? 0), all, rows: Math.max(Number(row?.rows ?? 0), all), page: row?.ids ?? null };
}
