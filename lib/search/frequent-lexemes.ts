import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import type { SearchReader } from "@/lib/db/types";
import { ADVISORY_LOCKS } from "@/lib/db/locks";
import { RESULT_WINDOW } from "@/lib/schemas/search-params";
import { processSlot } from "@/lib/process-slot";
import { log } from "@/lib/log";

/** Row writes since the snapshot after which a search starts a new one in the background. */
export const REFRESH_AFTER_WRITES = 5_000;
/** Age after which a snapshot that writes have since moved is taken again. */
export const REFRESH_AFTER_MS = 10 * 60_000;
/** Between two attempts of one process, whatever their outcome: a failing refresh is not retried per search. */
const RETRY_AFTER_MS = 60_000;
/** How long a refresh waits for writes in flight when it starts (see `refreshFrequentLexemes`). */
const WAIT_FOR_WRITERS_MS = 30_000;
const REFRESH_LOCK = ADVISORY_LOCKS.frequentLexemesRefresh;

/**
 * The tsquery text of one term, `'word'` or `'prefix':*`, as PostgreSQL prints it: taken from the
 * parsed query rather than from what was typed, so the lexeme looked up is the one matched.
 */
const SINGLE_TERM = "^'([^']+)'(:\\*)?$";

export type WindowBound = {
  /** The query matches at least RESULT_WINDOW collections: its count can be skipped. */
  fills: boolean;
  /** At least RESULT_WINDOW titles match as well: the title count can be skipped too. */
  titleFills: boolean;
  /** The planner's estimate of search rows (`pg_class.reltuples`), which orders broad pages. */
  rows: number;
  /** The snapshot is missing, old or far behind the writes: time to take another. */
  stale: boolean;
};

/**
 * Whether a single-term query (`tsQuery` as `toTsQuery` makes it, without category) is known to
 * fill the result window. Every lexeme the term covers (the word, or every word with the prefix)
 * is in each of its matches, so the largest snapshot count among them, less the row writes since
 * the snapshot (each moves a lexeme's count by at most one), is a lower bound on the matches.
 * Only words with RESULT_WINDOW or more documents are kept; without any, nothing is skipped.
 */
export async function windowBound(db: SearchReader, tsQuery: string): Promise<WindowBound> {
  // Byte-order ranges (text_pattern_ops): [p, p || U+10FFFF) holds only words starting with p,
  // and [w, w || U+0001) only w itself, since no text holds U+0000.
  const [row] = await queryRows<{
    ndoc: number | null;
    title_ndoc: number | null;
    rows: string | number;
    drift: string | number;
    age_ms: number | null;
  }>(
    db,
    sql`WITH q AS (SELECT m[1] AS lo, m[1] || CASE WHEN m[2] IS NULL THEN chr(1) ELSE chr(1114111) END AS hi
                     FROM regexp_match(to_tsquery('simple', ${tsQuery})::text, ${SINGLE_TERM}) AS m)
        SELECT (SELECT max(ndoc) FROM frequent_lexemes, q WHERE word ~>=~ q.lo AND word ~<~ q.hi) AS ndoc,
               (SELECT max(ndoc) FROM frequent_title_lexemes, q WHERE word ~>=~ q.lo AND word ~<~ q.hi) AS title_ndoc,
               (SELECT reltuples FROM pg_class WHERE oid = 'collection_search'::regclass) AS rows,
               (SELECT last_value FROM collection_search_writes) - s.refreshed_at_writes AS drift,
               extract(epoch FROM now() - s.refreshed_at) * 1000 AS age_ms
          FROM frequent_lexemes_state s`,
  );
  if (!row) return { fills: false, titleFills: false, rows: 0, stale: false };
  const drift = Number(row.drift);
  const age = row.age_ms === null ? null : Number(row.age_ms);
  return {
    fills: row.ndoc !== null && Number(row.ndoc) - drift >= RESULT_WINDOW,
    titleFills: row.title_ndoc !== null && Number(row.title_ndoc) - drift >= RESULT_WINDOW,
    rows: Number(row.rows),
    stale: age === null || drift > REFRESH_AFTER_WRITES || (drift > 0 && age > REFRESH_AFTER_MS),
  };
}

/**
 * Takes a new snapshot of the lexemes in RESULT_WINDOW or more search rows, and of those in as
 * many titles, from `ts_stat` (a read of every search row and every title row). The write counter is read first, and the counts are taken only once
 * every transaction that was in progress after that read has ended: a write counted at or below
 * the recorded value is then in the counts, and any other is in the drift. Waits for another
 * instance's refresh to end when `wait`, otherwise gives way to it. True when it took one.
 */
export async function refreshFrequentLexemes({ wait = true }: { wait?: boolean } = {}): Promise<boolean> {
  const db = await getDb();
  return db.transaction(
    async (tx) => {
      const [lock] = await queryRows<{ ok: boolean }>(
        tx,
        wait
          ? sql`SELECT true AS ok FROM pg_advisory_xact_lock(${REFRESH_LOCK})`
          : sql`SELECT pg_try_advisory_xact_lock(${REFRESH_LOCK}) AS ok`,
      );
      if (!lock?.ok) return false;
      const [counter] = await queryRows<{ writes: string | number }>(tx, sql`SELECT last_value AS writes FROM collection_search_writes`);
      // A writer counted above took its transaction id before counting (it had written a row), so
      // a snapshot taken in a later statement lists it among those in progress, unless it ended.
      const [open] = await queryRows<{ xids: string | null }>(
        tx,
        sql`SELECT string_agg(x::text, ',') AS xids FROM pg_snapshot_xip(pg_current_snapshot()) AS x`,
      );
      if (open?.xids) {
        const deadline = Date.now() + WAIT_FOR_WRITERS_MS;
        for (;;) {
          const [left] = await queryRows<{ n: string | number }>(
            tx,
            sql`SELECT count(*) AS n FROM unnest(string_to_array(${open.xids}, ',')::xid8[]) AS x WHERE pg_xact_status(x) = 'in progress'`,
          );
          if (Number(left?.n ?? 0) === 0) break;
          if (Date.now() > deadline) throw new Error("frequent lexemes: writes in progress did not end in time");
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
      await tx.execute(sql`DELETE FROM frequent_lexemes`);
      await tx.execute(sql`
        INSERT INTO frequent_lexemes (word, ndoc)
        SELECT word, ndoc FROM ts_stat('SELECT search_tsv FROM collection_search')
         WHERE ndoc >= ${RESULT_WINDOW} AND word NOT LIKE '#%'`);
      await tx.execute(sql`DELETE FROM frequent_title_lexemes`);
      await tx.execute(sql`
        INSERT INTO frequent_title_lexemes (word, ndoc)
        SELECT word, ndoc FROM ts_stat('SELECT title_tsv FROM collection_search_titles')
         WHERE ndoc >= ${RESULT_WINDOW} AND word NOT LIKE '#%'`);
      await tx.execute(sql`UPDATE frequent_lexemes_state SET refreshed_at_writes = ${Number(counter!.writes)}, refreshed_at = now()`);
      return true;
    },
    // Each statement's own snapshot: the counts must be read after the writers above ended.
    { isolationLevel: "read committed" },
  );
}

const lexemeRefresh = processSlot<{ running: boolean; startedAt: number }>("frequent-lexemes.refresh");

/**
 * One refresh at a time in this process, at most one attempt a minute, and none while another
 * instance runs one; the search that noticed does not wait for it.
 */
export function refreshFrequentLexemesInBackground(): void {
  const state = (lexemeRefresh.value ??= { running: false, startedAt: 0 });
  if (state.running || Date.now() - state.startedAt < RETRY_AFTER_MS) return;
  state.running = true;
  state.startedAt = Date.now();
  refreshFrequentLexemes({ wait: false })
    .catch((error: unknown) => log().error({ err: error }, "frequent lexemes refresh failed"))
    .finally(() => {
      state.running = false;
    });
}
