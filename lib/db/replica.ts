import "server-only";
import type { Pool, QueryConfig, QueryResult } from "pg";
import { connectionLost, searchConnections } from "./pipelined-reads";
import { guardedPool } from "./pool";
import { parseLsn, ReplicaLag } from "./replica-lag";
import * as schema from "./schema";
import type { SearchReader } from "./types";
import { log } from "@/lib/log";

export type SearchReplica = { db: SearchReader; lag: ReplicaLag; close: () => Promise<void> };

type Query = (config: string | QueryConfig, values?: unknown[]) => Promise<QueryResult>;

/** Samples often enough that a replica that keeps up always looks well within the bound. */
const sampleEveryMs = (maxLagMs: number) => Math.min(250, Math.max(20, Math.floor(maxLagMs / 5)));

/** What a statement is sent through: a pg Pool, or pipelined connections (`pipelinedReads`). */
type Reads = { query: Query; end: () => Promise<void> };

/**
 * The replica's connections, as the primary's single statements have theirs: `connections`
 * pipelined ones (decision 051), or with 0 a pool of `poolSize`.
 */
async function replicaReads(url: string, connections: number, poolSize: number): Promise<Reads> {
  const { Client, Pool } = await import("pg");
  if (connections > 0) {
    const reads = searchConnections(Client, url, connections);
    return { query: reads.query as Query, end: reads.close };
  }
  // As the primary's pool: JIT only slows these short statements.
  const pool = guardedPool(
    Pool,
    { connectionString: url, max: poolSize, connectionTimeoutMillis: 5_000, options: "-c jit=off" },
    "replica",
  );
  return { query: pool.query.bind(pool) as unknown as Query, end: () => pool.end() };
}

/**
 * The database searches read from, given a streaming replica of the primary: each statement goes to
 * the replica while it is at most `maxLagMs` behind, and to the primary otherwise. A statement
 * that fails on the replica (unreachable, or cancelled by a recovery conflict) is sent once more to
 * the primary, so a lost replica never fails a search; searches are read-only, so that is safe.
 * No migrations run here: the replica replays the primary's.
 */
export async function openSearchReplica(options: {
  /** The primary's client for single statements (the handle's `readDb`): where searches fall back. */
  primary: { query: unknown };
  primaryUrl: string;
  replicaUrl: string;
  /** `SEARCH_CONNECTIONS`: pipelined connections to the replica; 0 for a pool of `poolSize`. */
  connections: number;
  poolSize: number;
  maxLagMs: number;
}): Promise<SearchReplica> {
  const { Pool } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const replica = await replicaReads(options.replicaUrl, options.connections, options.poolSize);

  // The lag monitor has its own connections, so a queue of searches never delays its samples
  // (which would only make the replica look staler: it errs on the side of the primary).
  const probe = (connectionString: string, name: string) =>
    guardedPool(Pool, { connectionString, max: 1, connectionTimeoutMillis: 5_000, query_timeout: 5_000, allowExitOnIdle: true }, name);
  const primaryProbe = probe(options.primaryUrl, "replica monitor (primary)");
  const replicaProbe = probe(options.replicaUrl, "replica monitor (replica)");
  const lag = new ReplicaLag(options.maxLagMs);

  let notStandbyReported = false;
  const sample = async () => {
    const askedAt = Date.now();
    const primaryRows = await primaryProbe.query<{ lsn: string }>("SELECT pg_current_wal_lsn()::text AS lsn").catch(() => null);
    // Without the primary's position nothing new is known; the lag simply grows.
    const primaryLsn = parseLsn(primaryRows?.rows[0]?.lsn);
    if (primaryLsn === null) return;
    const replicaRows = await replicaProbe.query<{ lsn: string | null }>("SELECT pg_last_wal_replay_lsn()::text AS lsn").catch(() => null);
    const replayed = parseLsn(replicaRows?.rows[0]?.lsn);
    if (replayed === null) {
      // Answered, but with no replay position: a primary, not a standby. Said once.
      if (replicaRows && !notStandbyReported) log().error("DATABASE_READ_URL is not a standby; searches read from the primary");
      notStandbyReported ||= Boolean(replicaRows);
      lag.lost();
      return;
    }
    lag.primaryAt(askedAt, primaryLsn);
    lag.replayed(replayed);
  };

  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let wasFresh = false;
  const loop = async () => {
    await sample().catch((error: unknown) => log().error({ err: error }, "replica monitor"));
    if (lag.fresh() !== wasFresh) {
      wasFresh = lag.fresh();
      log().warn(
        wasFresh
          ? "search replica: caught up; searches read from it"
          : `search replica: more than ${options.maxLagMs} ms behind or unreachable; searches read from the primary`,
      );
    }
    if (stopped) return;
    timer = setTimeout(loop, sampleEveryMs(options.maxLagMs));
    // The monitor alone never keeps a process (a script, a test) alive.
    timer.unref();
  };
  void loop();

  const toPrimary = (options.primary.query as Query).bind(options.primary);
  const route: Query = async (config, values) => {
    if (!lag.fresh()) return toPrimary(config, values);
    try {
      return await replica.query(config, values);
    } catch (error) {
      if (connectionLost(error)) lag.lost();
      return toPrimary(config, values);
    }
  };
  const client = { query: route };

  return {
    db: Object.assign(drizzle({ client: client as unknown as Pool, schema }), {
      storeKind: "postgres" as const,
    }) as unknown as SearchReader,
    lag,
    close: async () => {
      stopped = true;
      clearTimeout(timer);
      await Promise.all([replica.end(), primaryProbe.end(), replicaProbe.end()]);
    },
  };
}
