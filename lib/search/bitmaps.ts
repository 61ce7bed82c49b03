import "server-only";
import { sql } from "drizzle-orm";
import { getDb, getExecuteSql } from "@/lib/db/client";
import { queryPrepared, queryRows } from "@/lib/db/queries";
import type { Database, SearchReader } from "@/lib/db/types";
import { ADVISORY_LOCKS } from "@/lib/db/locks";
import { FACET_VALUE_LIMIT } from "@/lib/schemas/search-params";
import { log } from "@/lib/log";
import { processSlot } from "@/lib/process-slot";

/** Docs per bitmap row (`search_bitmaps.chunk`): 8 KB of bits. */
const CHUNK_DOCS = 65_536;
const CHUNK = sql.raw(String(CHUNK_DOCS));
/** Typed prefixes up to this long have a bitmap of their own (`p:`/`q:` terms, migration 0010). */
const PREFIX_TERMS_UP_TO = 3;
/**
 * Unapplied changes beyond which counts go back to reading rows: each count corrects the bitmaps
 * by every queued change, so the queue must stay short (the apply keeps up with far more).
 */
export const MAX_PENDING_CHANGES = 2_000;
/** Changes taken by one apply: a bounded transaction, however far behind it is. */
const APPLY_BATCH = 2_000;
const BITMAP_LOCK = ADVISORY_LOCKS.searchBitmaps;
const RETRY_BUILD_AFTER_MS = 60_000;

export type BitmapQuery = {
  /** The query's words, as `queryTerms` makes them: every one must match, as a prefix from 2 characters. */
  words: string[];
  /** The tsquery `toTsQuery` made of them (null without words): the statement checks PostgreSQL parses it into the same words. */
  tsQuery: string | null;
  /** Index of the category filter in CATEGORIES. */
  category?: number;
  chain?: string;
};

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

type Term = { field: "a" | "t"; n: number; lo: string; hi: string };

const exact = (term: string) => ({ lo: term, hi: `${term}\u0001` });
// Byte order (COLLATE "C"): every term starting with `term` sorts in [term, term || U+10FFFF).
const startingWith = (term: string) => ({ lo: term, hi: `${term}\u{10FFFF}` });
const ascii = (word: string) => /^[a-z0-9]+$/.test(word);

/**
 * A word of one character is that lexeme; a longer one is a prefix: its own `p:` bitmap up to
 * PREFIX_TERMS_UP_TO characters (ASCII, where JavaScript and PostgreSQL count characters alike),
 * else every lexeme that starts with it.
 */
function termsOf(query: BitmapQuery, field: "a" | "t"): Term[] {
  const prefixField = field === "a" ? "p" : "q";
  const ranges = query.words.map((word) =>
    word.length === 1
      ? exact(`${field}:${word}`)
      : word.length <= PREFIX_TERMS_UP_TO && ascii(word)
        ? exact(`${prefixField}:${word}`)
        : startingWith(`${field}:${word}`),
  );
  if (query.category !== undefined) ranges.push(exact(`${field}:#${query.category}`));
  if (query.chain !== undefined) ranges.push(exact(`c:${query.chain}`));
  // Every row has a chain term (an empty chain too): their union is every row.
  if (ranges.length === 0) ranges.push(startingWith("c:"));
  return ranges.map((range, n) => ({ field, n, ...range }));
}

/**
 * The tsquery text PostgreSQL prints for the query's words when it parses them as `toTsQuery`
 * meant; null without words.
 */
const expectedTsQuery = ({ words, tsQuery }: BitmapQuery) =>
  tsQuery === null ? null : words.map((word) => (word.length >= 2 ? `'${word}':*` : `'${word}'`)).join(" & ");

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
const termCounts = (name: string, rows: string, field: "a" | "t", termWhere: (term: string) => string) => `
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
const SEGMENTS = termCounts("segments", "word_rows", "t", (term) => `(${term} >= 'w:' AND ${term} < 'w;')`);

/** The text matches (field `a`) per category (`a:#i`) and per chain (`c:…`). */
const FACETS = termCounts(
  "counted",
  "facet_rows",
  "a",
  (term) => `((${term} >= 'a:#' AND ${term} < 'a:$') OR (${term} >= 'c:' AND ${term} < 'c:' || chr(1114111)))`,
);

/**
 * The facet counts with matches: every category term, and of the chain terms (free text, as many
 * as there are distinct chains) the FACET_VALUE_LIMIT with the most matches (ties by name); the
 * rest are summed under `o:` so that an answer stays small however many chains are stored.
 */
const FACET_TERMS = `
  SELECT CASE WHEN chain AND rank > ${FACET_VALUE_LIMIT} THEN 'o:' ELSE term END AS term, sum(n) AS n
    FROM (SELECT term, n, term COLLATE "C" >= 'c:' AS chain,
                 row_number() OVER (PARTITION BY term COLLATE "C" >= 'c:' ORDER BY n DESC, term COLLATE "C") AS rank
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
         (SELECT json_agg(json_build_array(substr(s.term, 3)::integer, s.n, (SELECT sum(bit_count(w.bits)) FROM word_rows w WHERE w.term = s.term))
                          ORDER BY substr(s.term, 3)::integer)
            FROM (SELECT term, sum(n) AS n FROM segments GROUP BY term) s WHERE s.n > 0) AS segments,
         CASE WHEN (SELECT coalesce(sum(bit_count(pc.bits)), 0) FROM pc WHERE pc.field = 'a') <= $5::integer
              THEN json_build_array(
                     coalesce((SELECT json_agg(json_build_array(pc.chunk, encode(varbit_send(pc.bits), 'base64'))) FROM pc WHERE pc.field = 'a'), '[]'),
                     (SELECT json_agg(json_build_array(m.doc, m.has)) FROM matches m WHERE m.field = 'a'))
              END AS listed
         ${facets ? `, (SELECT json_object_agg(term, n) FROM (${FACET_TERMS}) f) AS facets` : ""}
    FROM gate`;
const BITMAP_COUNTS = countsStatement(false);
const BITMAP_COUNTS_AND_FACETS = countsStatement(true);

/**
 * The docs of the text field's AND-ed bitmaps (`[chunk, varbit_send of its bits in base64]`),
 * corrected by the queue as the counts are: a queued doc is taken out, and put back when its
 * latest terms match (`[doc, has]`).
 */
function docsOf(docBits: [number, string][], queued: [number, boolean][] | null): number[] {
  const docs = new Set<number>();
  for (const [chunk, encoded] of docBits) {
    const bytes = Buffer.from(encoded, "base64");
    // varbit_send: the length in bits (4 bytes), then the bits, the first one the high bit of a byte.
    const length = bytes.readInt32BE(0);
    for (let i = 0; i * 8 < length; i += 1) {
      const byte = bytes[4 + i]!;
      if (byte === 0) continue;
      for (let bit = 0; bit < 8; bit += 1) if (byte & (0x80 >> bit)) docs.add(chunk * CHUNK_DOCS + i * 8 + bit);
    }
  }
  for (const [doc, has] of queued ?? []) {
    if (has) docs.add(doc);
    else docs.delete(doc);
  }
  return [...docs].sort((a, b) => a - b);
}

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
    if (term.startsWith("a:#")) categories.set(Number(term.slice(3)), Number(n));
    else if (term === "o:") otherChains = Number(n);
    else chains.set(term.slice(2), Number(n));
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
  const fields = query.words.length === 0 ? (["a"] as const) : (["a", "t"] as const);
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
  const all = Number(row.counts?.a ?? 0);
  const title = fields.length === 1 ? all : Number(row.counts?.t ?? 0);
  const segments = (row.segments ?? []).map(([words, n, rows]) => ({ words, n: Number(n), rows: Math.max(Number(rows ?? 0), Number(n)) }));
  // Segments that do not add up to the title count (bitmaps built without `w:` terms) are not used.
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

/**
 * Moves up to APPLY_BATCH queued changes into the bitmaps in one transaction, in queue order:
 * for each term and doc the latest change wins (a change clears its old terms, then sets its new
 * ones). Returns how many were applied; 0 when another apply or build holds the lock.
 */
export async function applySearchBitmapChanges(): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ ok: boolean }>(tx, sql`SELECT pg_try_advisory_xact_lock(${BITMAP_LOCK}) AS ok`);
    if (!lock?.ok) return 0;
    const [row] = await queryRows<{ applied: string | number }>(
      tx,
      sql`WITH taken AS (DELETE FROM search_bitmap_changes
                          WHERE id IN (SELECT id FROM search_bitmap_changes ORDER BY id LIMIT ${APPLY_BATCH})
                          RETURNING id, doc, old_terms, new_terms),
               ops AS (SELECT x.term, t.doc, t.id, 0 AS step, 0 AS value FROM taken t, unnest(t.old_terms) AS x(term)
                       UNION ALL
                       SELECT x.term, t.doc, t.id, 1, 1 FROM taken t, unnest(t.new_terms) AS x(term)),
               latest AS (SELECT DISTINCT ON (term, doc) term, doc, value FROM ops ORDER BY term, doc, id DESC, step DESC),
               masks AS (SELECT term, doc / ${CHUNK} AS chunk,
                                uds_bit_mask(array_agg(doc % ${CHUNK}) FILTER (WHERE value = 1)) AS set_bits,
                                uds_bit_mask(array_agg(doc % ${CHUNK}) FILTER (WHERE value = 0)) AS clear_bits
                           FROM latest GROUP BY term, doc / ${CHUNK}),
               -- One snapshot for both: rows that exist are updated, the others inserted (appliers
               -- hold the lock, so nobody inserts them meanwhile).
               updated AS (UPDATE search_bitmaps b SET bits = (b.bits & ~m.clear_bits) | m.set_bits
                             FROM masks m WHERE b.term = m.term AND b.chunk = m.chunk RETURNING 1),
               inserted AS (INSERT INTO search_bitmaps (term, chunk, bits)
                            SELECT m.term, m.chunk, m.set_bits FROM masks m
                             WHERE NOT EXISTS (SELECT 1 FROM search_bitmaps b WHERE b.term = m.term AND b.chunk = m.chunk)
                            RETURNING 1)
          SELECT (SELECT count(*) FROM taken) AS applied, (SELECT count(*) FROM updated) + (SELECT count(*) FROM inserted) AS written`,
    );
    return Number(row?.applied ?? 0);
  });
}

/**
 * The terms one lexeme gives a row in a field: the lexeme, and its first 1 to PREFIX_TERMS_UP_TO
 * characters in the field's prefix terms (category lexemes `#i` have none).
 */
function lexemeTerms(lexeme: string, field: string, prefixField: string): string[] {
  const terms = [`${field}:${lexeme}`];
  if (lexeme.startsWith("#")) return terms;
  const characters = Array.from(lexeme);
  for (let length = 1; length <= Math.min(PREFIX_TERMS_UP_TO, characters.length); length += 1) {
    terms.push(`${prefixField}:${characters.slice(0, length).join("")}`);
  }
  return terms;
}

const FIELDS = [
  ["a", "p"],
  ["t", "q"],
] as const;

/** A row's terms besides its lexemes': its chain and its number of title words. */
const rowTerms = (chain: string, titleWords: number) => [`c:${chain}`, `w:${titleWords}`];

/**
 * The terms of a search row, as `uds_bitmap_terms` (migration 0010) makes them in SQL for the
 * triggers; built here from the vectors' lexemes, which is many times faster for a whole store.
 * `tests/api/search-bitmaps.test.ts` holds the two to the same answer over a store.
 */
export function bitmapTermsOf(search: string[], title: string[], chain: string, titleWords: number): string[] {
  const terms = new Set<string>();
  [search, title].forEach((lexemes, i) => {
    const [field, prefixField] = FIELDS[i]!;
    for (const lexeme of lexemes) for (const term of lexemeTerms(lexeme, field, prefixField)) terms.add(term);
  });
  for (const term of rowTerms(chain, titleWords)) terms.add(term);
  return [...terms];
}

/** A term's bits in one chunk, as positions when few (built by `uds_bit_mask`), else as bits. */
type ChunkRow = { term: string; chunk: number; bits: Uint8Array | null; positions: number[] | null };
const FEW_BITS = 32;
/** A search row's lexemes as text, each field's separated by spaces. */
type ChunkDoc = { doc: number; a: string; t: string; chain: string; title_words: number };

/** Docs between two turns of the event loop while a chunk's terms are made. */
const YIELD_EVERY = 2_048;

/**
 * The bitmap rows of one chunk: `bitmapTermsOf` of every doc. A chunk holds some 12 million term
 * occurrences over some 30,000 terms, so each distinct lexeme's terms are made once, as numbers.
 */
async function chunkRows(chunk: number, docs: ChunkDoc[]): Promise<ChunkRow[]> {
  const names: string[] = [];
  const numbers = new Map<string, number>();
  const lists: number[][] = [];
  const last: number[] = [];
  const numberOf = (term: string) => {
    let n = numbers.get(term);
    if (n === undefined) {
      numbers.set(term, (n = names.length));
      names.push(term);
      lists.push([]);
      last.push(-1);
    }
    return n;
  };
  const add = (n: number, position: number) => {
    // A doc's terms are added together: one already added for it (a shared prefix) is skipped.
    if (last[n] === position) return;
    last[n] = position;
    lists[n]!.push(position);
  };
  const made = [new Map<string, number[]>(), new Map<string, number[]>()];
  for (const [i, { doc, a, t, chain, title_words }] of docs.entries()) {
    // Let the event loop send the statements queued meanwhile (the previous chunk's inserts).
    if (i % YIELD_EVERY === YIELD_EVERY - 1) await new Promise(setImmediate);
    const position = doc - chunk * CHUNK_DOCS;
    [a, t].forEach((text, field) => {
      const [name, prefixName] = FIELDS[field]!;
      const known = made[field]!;
      // The lexemes come space-separated (`docsOf`): the text search parser never makes a lexeme with a space.
      for (const lexeme of text === "" ? [] : text.split(" ")) {
        let terms = known.get(lexeme);
        if (!terms) known.set(lexeme, (terms = lexemeTerms(lexeme, name, prefixName).map(numberOf)));
        for (const n of terms) add(n, position);
      }
    });
    for (const term of rowTerms(chain, title_words)) add(numberOf(term), position);
  }
  return names.map((term, n) => {
    const list = lists[n]!;
    if (list.length <= FEW_BITS) return { term, chunk, bits: null, positions: list };
    const bits = new Uint8Array(CHUNK_DOCS / 8);
    for (const position of list) bits[position >> 3]! |= 0x80 >> (position & 7);
    return { term, chunk, bits, positions: null };
  });
}

/**
 * Builds the bitmaps from every search row, in one transaction on one snapshot: the queued
 * changes visible to it are in the rows it reads, so they are dropped; later ones stay queued and
 * are applied on top. Searches count rows until it commits. `onChunk` reports progress.
 */
export async function buildSearchBitmaps(onChunk?: (done: number, total: number) => void): Promise<void> {
  const db = await getDb();
  await db.transaction(
    async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${BITMAP_LOCK})`);
      await tx.execute(sql`DELETE FROM search_bitmap_changes`);
      await tx.execute(sql`DELETE FROM search_bitmaps`);
      const [range] = await queryRows<{ last: number | null }>(tx, sql`SELECT max(doc) AS last FROM collection_search`);
      const chunks = range?.last == null ? 0 : Math.floor(range.last / CHUNK_DOCS) + 1;
      const docsOf = (chunk: number) =>
        queryRows<ChunkDoc>(
          tx,
          sql`SELECT doc, array_to_string(tsvector_to_array(search_tsv), ' ') AS a, array_to_string(tsvector_to_array(title_tsv), ' ') AS t, chain, title_words
                FROM collection_search
               WHERE doc >= ${chunk * CHUNK_DOCS} AND doc < ${(chunk + 1) * CHUNK_DOCS}`,
        );
      // Three arrays a statement (parsed far faster than as JSON): the terms, their bits as hex
      // ('' when few) and their few bits' positions. At most 16 KB of hex a row: a few megabytes
      // a statement, made only when it is sent.
      const store = async (chunk: number, rows: ChunkRow[]) => {
        for (let start = 0; start < rows.length; start += 500) {
          const batch = rows.slice(start, start + 500);
          const terms = batch.map((row) => row.term);
          const hexes = batch.map((row) => (row.bits ? Buffer.from(row.bits).toString("hex") : ""));
          const positions = batch.map((row) => `{${(row.positions ?? []).join(",")}}`);
          await tx.execute(sql`
            INSERT INTO search_bitmaps (term, chunk, bits)
            SELECT r.term, ${chunk}::integer, CASE WHEN r.hex = '' THEN uds_bit_mask(r.positions::integer[]) ELSE ('x' || r.hex)::bit varying END
              FROM unnest(${sql.param(terms)}::text[], ${sql.param(hexes)}::text[], ${sql.param(positions)}::text[]) AS r(term, hex, positions)`);
        }
      };
      let docs = chunks > 0 ? await docsOf(0) : [];
      let storing: Promise<void> = Promise.resolve();
      for (let chunk = 0; chunk < chunks; chunk += 1) {
        // A chunk's terms are made while the database stores the previous chunk's rows, and the
        // next chunk is read before this one's rows are sent, so that it is here when they are in.
        const rows = await chunkRows(chunk, docs);
        await storing;
        if (chunk > 0) onChunk?.(chunk, chunks);
        const next = chunk + 1 < chunks ? docsOf(chunk + 1) : Promise.resolve([]);
        storing = store(chunk, rows);
        // Failures are thrown by the `await storing` that follows; this only marks them handled meanwhile.
        storing.catch(() => {});
        docs = await next;
      }
      await storing;
      if (chunks > 0) onChunk?.(chunks, chunks);
      await tx.execute(sql`UPDATE search_bitmaps_state SET built_at = now()`);
    },
    { isolationLevel: "repeatable read" },
  );
}

/** Marks the bitmaps out of date (a bulk load that defers them): searches count rows until the next build. */
export async function invalidateSearchBitmaps(db: Database): Promise<void> {
  await db.execute(sql`UPDATE search_bitmaps_state SET built_at = NULL`);
}

/**
 * An apply rewrites every bitmap row its changes touch, whether one change touches it or hundreds:
 * a new collection touches some 150 terms, among them the dense ones (its chain, the one- to
 * three-letter prefixes of its words, its categories), whose rows are 8 KB each. Started for every
 * write under a steady write load (the soak's 30 writes a second), applies grew the bitmaps from
 * 28 to 520 MB in three minutes, nearly all of it dead rows of their TOAST table; started at most
 * once a second, to 173 MB, and to 65 MB with the vacuum below every 30 s rather than every 5
 * minutes (the soak's throughput rose from 318 to 354 req/s). Counts stay exact meanwhile,
 * corrected by the queue, which stays far below MAX_PENDING_CHANGES at any write rate the service
 * takes.
 */
export const APPLY_EVERY_MS = 1_000;

/**
 * The queue is written and emptied all the time and the bitmaps rewritten: without a vacuum the
 * queue's dead rows are read by every count, and the bitmaps' dead rows pile up (PostgreSQL's
 * autovacuum may be off, as on some test servers, or slow to come). So the background apply
 * vacuums both itself, at most this often, and the title rows the same writes changed: a
 * title-ordered page is an index-only scan only over all-visible pages.
 */
const VACUUM_EVERY_MS = 30_000;

type ApplyState = { running: boolean; held?: boolean; startedAt?: number; vacuumedAt?: number };

async function vacuumIfDue(state: ApplyState): Promise<void> {
  const now = Date.now();
  if (now - (state.vacuumedAt ?? 0) < VACUUM_EVERY_MS) return;
  state.vacuumedAt = now;
  // VACUUM cannot run in a transaction: straight on a connection of its own.
  const execute = await getExecuteSql();
  await execute("VACUUM (ANALYZE) search_bitmap_changes, search_bitmaps");
  await execute("VACUUM collection_search_titles");
}

const applyState = processSlot<ApplyState>("bitmaps.apply");
const buildState = processSlot<{ running: boolean; startedAt: number }>("bitmaps.build");

/**
 * One apply at a time in this process, at most one start per APPLY_EVERY_MS, repeated until the
 * queue is empty; the search that noticed does not wait. `now` is the clock (tests set it).
 */
export function applySearchBitmapChangesInBackground(now = Date.now()): void {
  const state = (applyState.value ??= { running: false });
  if (state.running || state.held || now - (state.startedAt ?? 0) < APPLY_EVERY_MS) return;
  state.running = true;
  state.startedAt = now;
  void (async () => {
    try {
      while ((await applySearchBitmapChanges()) === APPLY_BATCH);
      await vacuumIfDue(state);
    } catch (error) {
      log().error({ err: error }, "search bitmaps apply failed");
    } finally {
      state.running = false;
    }
  })();
}

/** Whether a background apply (or the vacuum after it) is running in this process. */
export const isApplyingInBackground = (): boolean => applyState.value?.running ?? false;

/**
 * Stops this process from starting applies in the background until the returned function is
 * called (an explicit `applySearchBitmapChanges` still runs): to look at a queue that stays put.
 */
export function holdBackgroundApplies(): () => void {
  const state = (applyState.value ??= { running: false });
  state.held = true;
  return () => {
    state.held = false;
  };
}

/** One build at a time in this process, at most one attempt a minute. */
export function buildSearchBitmapsInBackground(): void {
  const state = (buildState.value ??= { running: false, startedAt: 0 });
  if (state.running || Date.now() - state.startedAt < RETRY_BUILD_AFTER_MS) return;
  state.running = true;
  state.startedAt = Date.now();
  buildSearchBitmaps()
    .catch((error: unknown) => log().error({ err: error }, "search bitmaps build failed"))
    .finally(() => {
      state.running = false;
    });
}
