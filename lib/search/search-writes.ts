import "server-only";
import { sql } from "drizzle-orm";
import { getExactReadDb } from "@/lib/db/client";
import { queryReused } from "@/lib/db/queries";
import { rememberSnapshot, type Snapshot } from "@/lib/db/read-cache";
import { perkClock } from "@/lib/schemas/perk-clock";

const DAY_MS = 86_400_000;

/**
 * What a search answer took from the clock was judged at most this long before its computation
 * is known to have started (the perk search reads its clock just before): edges that close to it
 * count as passed, which costs at most a render.
 */
const CLOCK_SLACK_MS = 1_000;

/**
 * Whether a search page whose answers are exact for `snapshot` and were computed from `since`
 * (epoch ms, lib/db/read-cache.ts `readFresh`) still shows what a new render would show now
 * (docs/decisions/099):
 * - no transaction that wrote what the browser or perk discovery reads (the `search_writes` rows
 *   of migration 0031) has committed that the snapshot did not see, and the log still reaches back
 *   to it;
 * - and no moment has passed at which the clock changes an answer: a perk's `date_ms` and a day
 *   after it (the date order's parts), the moment it turns Past (`past_from`: a millisecond after
 *   `date_ms` when its time is set, else the next midnight UTC; a collection's `dated_first` and
 *   `upcoming_last` are its perks' `past_from`), and midnight UTC (the perks page's date shortcuts).
 * One statement on the exact connection; its own snapshot is remembered for the next computations.
 */
export async function searchPageUnchanged(snapshot: Snapshot, since: number, at = perkClock.now()): Promise<boolean> {
  // Whole milliseconds, as the dates are stored (a freshness bound may carry a fraction).
  const from = Math.floor(since) - CLOCK_SLACK_MS;
  const now = Math.ceil(at);
  const [row] = await queryReused<{ unchanged: boolean; now: string }>(
    await getExactReadDb(),
    sql`SELECT pg_snapshot_xmin(s.at) >= (SELECT pruned_below FROM search_writes_state)
               AND NOT EXISTS (SELECT 1 FROM search_writes w
                                WHERE w.xid >= pg_snapshot_xmin(s.at) AND NOT pg_visible_in_snapshot(w.xid, s.at))
               AND NOT EXISTS (SELECT 1 FROM perk_search p WHERE p.date_ms BETWEEN ${from - 1}::bigint AND ${now}::bigint)
               AND NOT EXISTS (SELECT 1 FROM perk_search p WHERE p.date_ms BETWEEN ${from - DAY_MS}::bigint AND ${now - DAY_MS}::bigint)
               AS unchanged,
               pg_current_snapshot()::text AS now
          FROM (SELECT ${snapshot}::pg_snapshot AS at) s`,
  );
  if (row) rememberSnapshot(row.now);
  return Boolean(row?.unchanged) && Math.floor(from / DAY_MS) === Math.floor(now / DAY_MS);
}

/**
 * How long `search_writes` keeps a row: a kept page checked against a snapshot older than what is
 * left is rendered again (`pruned_below`), so this only has to outlast the pages kept.
 * Only rows of transactions older than every transaction still running go (the pruning
 * statement's `xmin`): a snapshot taken after the prune then never starts below `pruned_below`.
 */
export const SEARCH_WRITES_KEPT = "1 hour";

/** Drops the rows older than SEARCH_WRITES_KEPT and records below which transaction id the log no longer reaches. */
export const PRUNE_SEARCH_WRITES = `WITH gone AS (
  DELETE FROM search_writes WHERE at < now() - interval '${SEARCH_WRITES_KEPT}' AND xid < pg_snapshot_xmin(pg_current_snapshot()) RETURNING xid)
UPDATE search_writes_state SET pruned_below = greatest(pruned_below, ((SELECT max(xid::text::bigint) FROM gone) + 1)::text::xid8)
 WHERE EXISTS (SELECT 1 FROM gone)`;
