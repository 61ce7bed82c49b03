import "server-only";
import { queryPrepared } from "@/lib/db/queries";
import type { SearchReader } from "@/lib/db/types";
import { FACET_VALUE_LIMIT } from "@/lib/schemas/search-params";
import { applySearchBitmapChangesInBackground, buildSearchBitmapsInBackground } from "./background";
import {
  CATEGORY_LEXEME,
  CHUNK_DOCS,
  docsOf,
  expectedTsQuery,
  sqlTermStartingWith,
  term as termOf,
  TERM,
  termsOf,
  VALUE_AT,
  type BitmapQuery,
  type Field,
  type Term,
} from "./terms";

/**
 * Counting from the search bitmaps: a query's matches, title segments and facets in one
 * statement, corrected by the queue of changes not applied yet, so counts are exact.
 */

/**
 * Unapplied changes beyond which counts go back to reading rows: each count corrects the bitmaps
 * by every queued change, so the queue must stay short (the apply keeps up with far more).
 */
export const MAX_PENDING_CHANGES = 2_000;

/** Title matches with one number of title words: `n` of them, among `rows` rows with that number. */
export type TitleSegment = { words: number; n: number; rows: number };

export type BitmapCounts = {
  /** Matches of the words (and filters) anywhere in the text. */
  all: number;
  /** Matches in the title. */
  title: number;
  /** The title matches by number of title words, fewest first: where each title-ordered page starts. */
  segments: TitleSegment[] | null;
  /** The planner's estimate of search rows (`pg_class.reltuples`), which orders broad pages. */
  rows: number;
  /**
   * The query's tsquery as PostgreSQL prints `to_tsquery('simple', …)` of it (the statement
   * checked), so that a `::tsquery` parameter of it is that tsquery; null without words.
   */
  parsedTsQuery: string | null;
  /**
   * The matching search rows' `doc` numbers, ascending, when the bitmaps hold at most `listUpTo`
   * of them (else null): a page of so few matches reads them by number, where the GIN index
   * would merge the posting lists of every lexeme each typed prefix starts.
   */
  docs: number[] | null;
};

/**
 * The parameters of `MATCHES` ($1 to $4) for these terms, an equal share of them in each field,
 * and of the counting statement ($5: up to how many matches to list).
 */
const matchValues = (terms: Term[], fields: number, query: BitmapQuery, expected: string | null, listUpTo: number) => [
  JSON.stringify(terms),
  terms.length / fields,
  query.tsQuery,
  expected,
  listUpTo,
];

/**
 * What the counting and facet statements share ($1: the terms as JSON, $2: terms per field, $3:
 * the tsquery, $4: how PostgreSQL must print it): whether the bitmaps can answer (`gate`), each
 * field's matches per chunk (`pc`), and the latest state of each queued doc (`changed`), with
 * whether it matches now (`matches`). The queue is read in id order, through its primary key: its
 * table keeps the pages of applied rows until the next vacuum, and a sequential scan of 261 such
 * pages took 0.8–1.3 ms, as long as the rest of a count at 100,000 collections (the index skips
 * them once a scan has marked them dead: 0.03 ms). Empty, it is not read at all. The gate allows at
 * most MAX_PENDING_CHANGES queued rows, so the first MAX_PENDING_CHANGES + 1 are all of them.
 */
const MATCHES = `
  gate AS (SELECT coalesce((SELECT built_at IS NOT NULL FROM search_bitmaps_state), false) AS built,
                  (SELECT count(*) FROM (SELECT 1 FROM search_bitmap_changes ORDER BY id LIMIT ${MAX_PENDING_CHANGES + 1}) p) AS pending,
                  ($3::text IS NULL OR to_tsquery('simple', $3::text)::text = $4::text) AS parsed),
  terms AS (SELECT t.field, t.n, t.lo COLLATE "C" AS lo, t.hi COLLATE "C" AS hi
              FROM jsonb_to_recordset($1::jsonb) AS t(field text, n integer, lo text, hi text), gate
             WHERE gate.built AND gate.parsed AND gate.pending <= ${MAX_PENDING_CHANGES}),
  pt AS (SELECT t.field, t.n, b.chunk, bit_or(b.bits) AS bits
           FROM terms t JOIN search_bitmaps b ON b.term >= t.lo AND b.term < t.hi
          GROUP BY t.field, t.n, b.chunk),
  pc AS (SELECT field, chunk, bit_and(bits) AS bits FROM pt GROUP BY field, chunk HAVING count(*) = $2::integer),
  fields AS (SELECT DISTINCT field FROM terms),
  changed AS (SELECT DISTINCT ON (doc) doc, new_terms
                FROM (SELECT doc, id, new_terms FROM search_bitmap_changes ORDER BY id LIMIT ${MAX_PENDING_CHANGES + 1}) q
               WHERE EXISTS (SELECT 1 FROM terms) AND (SELECT pending FROM gate) > 0 ORDER BY doc, id DESC),
  matches AS (SELECT f.field, c.doc, c.new_terms,
                     get_bit(pc.bits, c.doc % ${CHUNK_DOCS}) IS NOT DISTINCT FROM 1 AS had,
                     c.new_terms IS NOT NULL AND NOT EXISTS (
                       SELECT 1 FROM terms t WHERE t.field = f.field AND NOT EXISTS (
                         SELECT 1 FROM unnest(c.new_terms) AS x WHERE x COLLATE "C" >= t.lo AND x COLLATE "C" < t.hi)) AS has
                FROM fields f CROSS JOIN changed c
                LEFT JOIN pc ON pc.field = f.field AND pc.chunk = c.doc / ${CHUNK_DOCS})`;

/**
 * Counts per term of some bitmap rows (`rows`: the terms `termWhere` picks, in byte order)
 * AND-ed with the matches of `field`, corrected by the queue as the counts are: the bitmaps'
 * count, less the queued docs they had, plus the queued docs that match now and have the term.
 * Two CTEs: `rows`, and `name` with one or more (term, n) to sum per term.
 */
const termCounts = (name: string, rows: string, field: Field, termWhere: (term: string) => string) => `
  ${rows} AS (SELECT b.term, b.chunk, b.bits FROM search_bitmaps b WHERE EXISTS (SELECT 1 FROM terms) AND ${termWhere("b.term")}),
  ${name} AS (SELECT r.term, sum(bit_count(r.bits & pc.bits)) AS n FROM ${rows} r JOIN pc ON pc.field = '${field}' AND pc.chunk = r.chunk
               GROUP BY r.term
              UNION ALL
              SELECT r.term, -count(*) FROM matches m
                JOIN ${rows} r ON r.chunk = m.doc / ${CHUNK_DOCS} AND get_bit(r.bits, m.doc % ${CHUNK_DOCS}) = 1
               WHERE m.field = '${field}' AND m.had GROUP BY r.term
              UNION ALL
              SELECT x, count(*) FROM matches m, unnest(m.new_terms) AS x
               WHERE m.field = '${field}' AND m.has AND ${termWhere(`x COLLATE "C"`)} GROUP BY x)`;

/** The title matches per number of title words (`w:` terms). */
const SEGMENTS = termCounts("segments", "word_rows", TERM.title, (term) => sqlTermStartingWith(term, TERM.titleWords));

/** The text matches (field `a`) per category (`a:#i`) and per chain (`c:…`). */
const FACETS = termCounts(
  "counted",
  "facet_rows",
  TERM.text,
  (term) => `(${sqlTermStartingWith(term, TERM.text, CATEGORY_LEXEME)} OR ${sqlTermStartingWith(term, TERM.chain)})`,
);

const OTHER_CHAINS = termOf(TERM.otherChains, "");
// Chain terms sort after category terms (`c` after `a`).
const CHAINS_FROM = termOf(TERM.chain, "");
const CATEGORIES_FROM = termOf(TERM.text, CATEGORY_LEXEME);

/**
 * The facet counts with matches: every category term, and of the chain terms (free text, as many
 * as there are distinct chains) the FACET_VALUE_LIMIT with the most matches (ties by name); the
 * rest are summed under `o:` so that an answer stays small however many chains are stored.
 */
const FACET_TERMS = `
  SELECT CASE WHEN chain AND rank > ${FACET_VALUE_LIMIT} THEN '${OTHER_CHAINS}' ELSE term END AS term, sum(n) AS n
    FROM (SELECT term, n, term COLLATE "C" >= '${CHAINS_FROM}' AS chain,
                 row_number() OVER (PARTITION BY term COLLATE "C" >= '${CHAINS_FROM}' ORDER BY n DESC, term COLLATE "C") AS rank
            FROM (SELECT term, sum(n) AS n FROM counted GROUP BY term) s WHERE n > 0) r
   GROUP BY 1`;

/**
 * Matches per field (the bitmaps' count, less the queued docs they had, plus those that match
 * now), the title segments with the rows of each number of title words (uncorrected: an estimate
 * for choosing how to read a page), with `facets` the facet counts, and (`listed`) the text
 * field's bitmaps with its queued docs when they hold at most $5 matches (`docsOf`): one statement.
 */
const countsStatement = (facets: boolean) => `
  WITH ${MATCHES}, ${SEGMENTS}${facets ? `, ${FACETS}` : ""}
  SELECT gate.built AND gate.parsed AND gate.pending <= ${MAX_PENDING_CHANGES} AS ok, gate.built, gate.pending,
         (SELECT reltuples FROM pg_class WHERE oid = 'collection_search'::regclass) AS rows,
         (SELECT json_object_agg(f.field, coalesce((SELECT sum(bit_count(pc.bits)) FROM pc WHERE pc.field = f.field), 0)
                                            - (SELECT count(*) FROM matches m WHERE m.field = f.field AND m.had)
                                            + (SELECT count(*) FROM matches m WHERE m.field = f.field AND m.has))
            FROM fields f) AS counts,
         (SELECT json_agg(json_build_array(substr(s.term, ${VALUE_AT + 1})::integer, s.n, (SELECT sum(bit_count(w.bits)) FROM word_rows w WHERE w.term = s.term))
                          ORDER BY substr(s.term, ${VALUE_AT + 1})::integer)
            FROM (SELECT term, sum(n) AS n FROM segments GROUP BY term) s WHERE s.n > 0) AS segments,
         CASE WHEN (SELECT coalesce(sum(bit_count(pc.bits)), 0) FROM pc WHERE pc.field = '${TERM.text}') <= $5::integer
              THEN json_build_array(
                     coalesce((SELECT json_agg(json_build_array(pc.chunk, encode(varbit_send(pc.bits), 'base64'))) FROM pc WHERE pc.field = '${TERM.text}'), '[]'),
                     (SELECT json_agg(json_build_array(m.doc, m.has)) FROM matches m WHERE m.field = '${TERM.text}'))
              END AS listed
         ${facets ? `, (SELECT json_object_agg(term, n) FROM (${FACET_TERMS}) f) AS facets` : ""}
    FROM gate`;
const BITMAP_COUNTS = countsStatement(false);
const BITMAP_COUNTS_AND_FACETS = countsStatement(true);

/**
 * Category and chain counts over every match (not only the result window): chains without
 * matches are left out, and past the FACET_VALUE_LIMIT with the most, summed in `otherChains`.
 */
export type FacetCounts = { categories: Map<number, number>; chains: Map<string, number>; otherChains: number };

function facetCountsOf(facets: Record<string, string | number> | null): FacetCounts {
  const categories = new Map<number, number>();
  const chains = new Map<string, number>();
  let otherChains = 0;
  for (const [term, n] of Object.entries(facets ?? {})) {
    if (term.startsWith(CATEGORIES_FROM)) categories.set(Number(term.slice(CATEGORIES_FROM.length)), Number(n));
    else if (term === OTHER_CHAINS) otherChains = Number(n);
    else chains.set(term.slice(VALUE_AT), Number(n));
  }
  return { categories, chains, otherChains };
}

/**
 * Exact title and text matches of a query from the bitmaps: per chunk, the OR of each word's
 * bitmaps, AND-ed across words, then counted; corrected by the queued changes of this snapshot
 * (a queued doc is taken out where the bitmaps have it and counted where its latest terms match).
 * With `facets`, the category and chain counts of the matches too, in the same statement; with
 * `listUpTo`, the matches' doc numbers when there are at most that many (`docs`; none by default).
 * Null when the bitmaps cannot answer: not built yet, too many queued changes, or words that
 * PostgreSQL parses differently; the caller counts rows then. Starts an apply or a build in the
 * background when the bitmaps are behind.
 */
export async function bitmapCounts(
  db: SearchReader,
  query: BitmapQuery,
  { facets = false, listUpTo = -1 }: { facets?: boolean; listUpTo?: number } = {},
): Promise<(BitmapCounts & { facets: FacetCounts | null }) | null> {
  // Without words every row matches in its title as much as anywhere: the title count is the text
  // count, and the title field's bitmaps (every chain's, when there is no filter either) go unread.
  const fields: readonly Field[] = query.words.length === 0 ? [TERM.text] : [TERM.text, TERM.title];
  const terms = fields.flatMap((field) => termsOf(query, field));
  const parsedTsQuery = expectedTsQuery(query);
  const [row] = await queryPrepared<{
    ok: boolean | null;
    built: boolean;
    pending: string | number;
    rows: string | number;
    counts: Record<string, string | number> | null;
    segments: [number, string | number, string | number | null][] | null;
    facets?: Record<string, string | number> | null;
    listed: [[number, string][], [number, boolean][] | null] | null;
  }>(
    db,
    facets ? "uds_bitmap_counts_facets" : "uds_bitmap_counts",
    facets ? BITMAP_COUNTS_AND_FACETS : BITMAP_COUNTS,
    matchValues(terms, fields.length, query, parsedTsQuery, listUpTo),
  );
  if (!row) return null;
  if (!row.built) buildSearchBitmapsInBackground();
  else if (Number(row.pending) > 0) applySearchBitmapChangesInBackground();
  if (!row.ok) return null;
  const all = Number(row.counts?.[TERM.text] ?? 0);
  const title = fields.length === 1 ? all : Number(row.counts?.[TERM.title] ?? 0);
  const segments = (row.segments ?? []).map(([words, n, rows]) => ({ words, n: Number(n), rows: Math.max(Number(rows ?? 0), Number(n)) }));
  // Segments that do not add up to the title count (bitmaps built without title-word terms) are not used.
  const whole = segments.reduce((sum, segment) => sum + segment.n, 0) === title;
  return {
    all,
    title,
    segments: whole ? segments : null,
    rows: Math.max(Number(row.rows), all),
    parsedTsQuery,
    docs: row.listed && all <= listUpTo ? docsOf(...row.listed) : null,
    facets: facets ? facetCountsOf(row.facets ?? null) : null,
  };
}
