/**
 * How stale a streaming replica is, from WAL positions rather than replay timestamps: an idle
 * primary commits nothing, so `now() - pg_last_xact_replay_timestamp()` grows on a replica that
 * has everything.
 *
 * The monitor samples the primary's WAL position with the time it asked, then the replica's replay
 * position. Every transaction that had committed when the primary was asked lies at or before that
 * position (commits are flushed before they return), so once the replica has replayed past it, the
 * replica misses nothing committed before that moment. The lag is the age of the newest such
 * moment: it grows while the replica is paused, cut off or slow, and stays at about one sampling
 * interval while it keeps up, however idle or busy the primary is.
 */
export type Lsn = bigint;

/** `16/B374D848` → a comparable number; null for SQL NULL (not a standby). */
export function parseLsn(text: string | null | undefined): Lsn | null {
  if (!text) return null;
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text);
  if (!match) throw new Error(`not a WAL position: ${text}`);
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}

/** Samples kept while the replica is behind; older ones only matter for a longer stall. */
const MAX_PENDING = 1_000;

export class ReplicaLag {
  /** Primary positions not yet replayed, oldest first. */
  private pending: { at: number; lsn: Lsn }[] = [];
  /** When the primary was asked for the newest position the replica has replayed. */
  private caughtUpAt: number | undefined;

  constructor(
    private readonly maxLagMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The primary's WAL position, and when (at the latest) it was asked for it. */
  primaryAt(at: number, lsn: Lsn) {
    this.pending.push({ at, lsn });
    if (this.pending.length > MAX_PENDING) this.pending.shift();
  }

  /** The replica's replay position, read after the primary samples it is compared with. */
  replayed(lsn: Lsn) {
    let newest: number | undefined;
    while (this.pending.length > 0 && this.pending[0]!.lsn <= lsn) newest = this.pending.shift()!.at;
    if (newest !== undefined && (this.caughtUpAt === undefined || newest > this.caughtUpAt)) this.caughtUpAt = newest;
  }

  /** The replica is unreachable or no standby: nothing it says counts until it catches up again. */
  lost() {
    this.pending = [];
    this.caughtUpAt = undefined;
  }

  /** An upper bound on how far the replica's data is behind the primary's, now. */
  lagMs(): number {
    return this.caughtUpAt === undefined ? Number.POSITIVE_INFINITY : this.now() - this.caughtUpAt;
  }

  /** Whether a search may read from the replica now. */
  fresh(): boolean {
    return this.lagMs() <= this.maxLagMs;
  }
}
