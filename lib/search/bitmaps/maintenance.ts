import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import type { Database } from "@/lib/db/types";
import { ADVISORY_LOCKS } from "@/lib/db/locks";
import { CHUNK, CHUNK_DOCS, FIELDS, lexemeTerms, rowTerms } from "./terms";

/**
 * Keeping the search bitmaps: applying the queue of changes writes leave, and building every
 * bitmap from the search rows (after a bulk load, or when they are missing).
 */

/** Changes taken by one apply: a bounded transaction, however far behind it is. */
export const APPLY_BATCH = 2_000;
const BITMAP_LOCK = ADVISORY_LOCKS.searchBitmaps;

/**
 * Moves up to APPLY_BATCH queued changes into the bitmaps in one transaction, in queue order:
 * for each term and doc the latest change that adds or removes it wins (a change clears the old
 * terms it drops and sets the new ones it adds; an edit keeps most of its terms, and each bitmap
 * row rewritten is 8 KB recompressed). Returns how many were applied; 0 when another apply or
 * build holds the lock.
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
               -- A term in both a change's old and new terms was set before it and stays set: the
               -- change leaves that bit alone (its row is not rewritten for it), and an earlier
               -- change of the same doc, if any, is the latest that touches it.
               ops AS (SELECT term, doc, id, max(value) AS value
                         FROM (SELECT x.term, t.doc, t.id, 0 AS value FROM taken t, unnest(t.old_terms) AS x(term)
                               UNION ALL
                               SELECT x.term, t.doc, t.id, 1 FROM taken t, unnest(t.new_terms) AS x(term)) o
                        GROUP BY term, doc, id HAVING min(value) = max(value)),
               latest AS (SELECT DISTINCT ON (term, doc) term, doc, value FROM ops ORDER BY term, doc, id DESC),
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
      const known = made[field]!;
      // The lexemes come space-separated (`docsOf`): the text search parser never makes a lexeme with a space.
      for (const lexeme of text === "" ? [] : text.split(" ")) {
        let terms = known.get(lexeme);
        if (!terms) known.set(lexeme, (terms = lexemeTerms(lexeme, FIELDS[field]!).map(numberOf)));
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
