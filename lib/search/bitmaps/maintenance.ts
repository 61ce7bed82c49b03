import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import type { Database } from "@/lib/db/types";
import { ADVISORY_LOCKS } from "@/lib/db/locks";
import { chunkRows, type ChunkDoc, type ChunkRow } from "./chunk-rows";
import { CHUNK, CHUNK_DOCS } from "./terms";

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
