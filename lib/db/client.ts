import "server-only";
import { existsSync } from "node:fs";
import path from "node:path";
import type { Pool } from "pg";
import { env } from "@/lib/env";
import { processSlot } from "@/lib/process-slot";
import { ADVISORY_LOCKS } from "./locks";
import { hideQueryParameters } from "./query-errors";
import type { CopyTransaction, CopyTransactions } from "./copy-transaction";
import type { SearchReplica } from "./replica";
import { searchWidth } from "./search-width";
import * as schema from "./schema";
import type { Database, ExactReader, ExecuteSql, PoolStats, SearchReader, StoreKind, WriteTransactions } from "./types";
import { log } from "@/lib/log";

/**
 * Opens the process's one store (PGlite or a PostgreSQL pool), migrates it, and holds it: the
 * getters below hand out its roles. Queries over them are in queries.ts, the types in types.ts.
 */

hideQueryParameters();
type Handle = {
  db: Database;
  /**
   * Short exact statements outside transactions on the primary (the snapshot, the key gate,
   * retrieval, page stamps): pipelined connections of their own on PostgreSQL
   * (`EXACT_READ_CONNECTIONS`), so they never wait behind searches queued on a search connection;
   * else `searchDb`.
   */
  readDb: ExactReader;
  /** Searches on the primary (without a replica): pipelined connections (`SEARCH_CONNECTIONS`), else `db`. */
  searchDb: ExactReader;
  /**
   * Create/edit transactions: on PostgreSQL with `WRITE_CONNECTIONS`, a pool of pipeline-mode
   * connections, so a transaction's statements go out together (`pipelined`); else `db`.
   */
  writes: WriteTransactions;
  kind: StoreKind;
  close: () => Promise<void>;
  pool?: Pool;
  /** `searchDb`'s own client on PostgreSQL: where searches fall back when the replica cannot answer. */
  searchClient?: { query: unknown };
  executeSql: ExecuteSql;
  /** Transactions that load rows with COPY (the seed). */
  copyTransactions: CopyTransactions;
};

const MIGRATIONS = path.join(process.cwd(), "lib/db/migrations");

/** A drizzle database with the `storeKind` field the query helpers read. */
function withKind<T extends object>(db: T, kind: StoreKind): T & { storeKind: StoreKind } {
  return Object.assign(db, { storeKind: kind });
}

async function openPglite(dir: string, waitForLock: boolean, snapshot: string | undefined): Promise<Handle> {
  const { PgliteThread } = await import("./pglite-thread");
  const { pgliteCopyTransactions } = await import("./copy-transaction");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const { awaitStoreLock, holdStoreLock } = await import("./store-lock");
  const inMemory = dir.startsWith("memory://");
  const release = inMemory ? () => {} : waitForLock ? await awaitStoreLock(dir) : holdStoreLock(dir);
  // A snapshot only starts a new store; a folder that holds one opens as it is.
  const isNew = inMemory || !existsSync(path.join(dir, "PG_VERSION"));
  const client = await PgliteThread.open(dir, isNew ? snapshot : undefined, (error) => {
    // The next getDb opens the folder again; until then statements fail (503), as with a lost server.
    log().error({ err: error }, "embedded database lost");
    release();
    const current = database.value;
    void current?.then(
      (opened) => {
        if (opened === handle && database.value === current) database.value = undefined;
      },
      () => {},
    );
  }).catch((error: unknown) => {
    release();
    throw error;
  });
  const db = withKind(drizzle({ client: client.asPglite(), schema }), "pglite");
  const handle: Handle = {
    db: db as unknown as Database,
    readDb: db as unknown as ExactReader,
    searchDb: db as unknown as ExactReader,
    writes: { db: db as unknown as Database, pipelined: false },
    kind: "pglite",
    // PGlite's `query` takes one statement; `exec` takes several but no parameters. pg-boss reads
    // rows from the middle of its multi-statement blocks (a lock's row before COMMIT), so every
    // statement's rows are returned, as node-postgres does.
    executeSql: async (text, values) => {
      if (values?.length) return client.query(text, values);
      const results = await client.exec(text);
      return { rows: results.flatMap((result) => result.rows ?? []) };
    },
    close: async () => {
      await client.close();
      release();
    },
    copyTransactions: pgliteCopyTransactions(client),
  };
  await migrateOrClose(() => migrate(db, { migrationsFolder: MIGRATIONS }), handle);
  return handle;
}

type Connections = { poolSize: number; search: number; exactRead: number; write: number; searchYieldMs: number };

async function openPostgres(url: string, connections: Connections): Promise<Handle> {
  const { Client, Pool } = await import("pg");
  const { searchConnections: openSearchConnections, exactReadConnections } = await import("./pipelined-reads");
  const { guardedPool } = await import("./pool");
  const { nameStatementsOf } = await import("./named-statements");
  const { postgresCopyTransactions } = await import("./copy-transaction");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  // JIT compiles plans whose estimated cost is high, spending ~1 s on a 2,000-row insert or a
  // broad search that runs in milliseconds; these short statements never gain from it.
  const pool = guardedPool(
    Pool,
    { connectionString: url, max: connections.poolSize, connectionTimeoutMillis: 5_000, options: "-c jit=off" },
    "database",
  );
  // The pool, the write pool and the pipelined connections all answer `query` as a pool does.
  const over = (client: { query: unknown }) => withKind(drizzle({ client: client as unknown as Pool, schema }), "postgres");
  const db = over(pool) as unknown as Database;
  const writePool =
    connections.write > 0
      ? guardedPool(
          Pool,
          { connectionString: url, max: connections.write, connectionTimeoutMillis: 5_000, options: "-c jit=off", pipeline: true },
          "write",
        )
      : null;
  if (writePool) nameStatementsOf(writePool);
  const width = searchWidth(writePool, connections.search, connections.searchYieldMs);
  const searches = connections.search > 0 ? openSearchConnections(Client, url, connections.search, width) : null;
  const exactReads = connections.exactRead > 0 ? exactReadConnections(Client, url, connections.exactRead) : null;
  const reader = (client: { query: unknown } | null) => (client ? over(client) : db) as unknown as ExactReader;
  const searchDb = reader(searches);
  const handle: Handle = {
    db,
    readDb: exactReads ? reader(exactReads) : searchDb,
    searchDb,
    writes: writePool ? { db: over(writePool) as unknown as Database, pipelined: true } : { db, pipelined: false },
    kind: "postgres",
    close: async () => {
      await Promise.all([pool.end(), searches?.close(), exactReads?.close(), writePool?.end()]);
    },
    pool,
    searchClient: searches ?? pool,
    executeSql: (text, values) => pool.query(text, values),
    copyTransactions: postgresCopyTransactions(pool),
  };
  await migrateOrClose(async () => {
    // Instances starting together take turns, so each migration is applied exactly once.
    const lockClient = await pool.connect();
    try {
      await lockClient.query("SELECT pg_advisory_lock($1)", [ADVISORY_LOCKS.migrations]);
      await migrate(drizzle({ client: lockClient, schema }), { migrationsFolder: MIGRATIONS });
    } finally {
      await lockClient.query("SELECT pg_advisory_unlock($1)", [ADVISORY_LOCKS.migrations]).catch(() => {});
      lockClient.release();
    }
  }, handle);
  return handle;
}

/**
 * Runs the migrations of a store just opened, closing it if they fail: the next `getDb` opens it
 * again, and an embedded folder left open here would then be open twice (PGlite corrupts a folder
 * two instances write), or a pool would keep its connections until the process ends.
 */
async function migrateOrClose(run: () => Promise<void>, opened: Handle): Promise<void> {
  try {
    await run();
  } catch (error) {
    await opened.close().catch(() => {});
    throw error;
  }
}

function open(): Promise<Handle> {
  const {
    DATABASE_URL,
    PGLITE_DIR,
    PGLITE_SNAPSHOT,
    PGLITE_WAIT_FOR_LOCK,
    DATABASE_POOL_SIZE,
    SEARCH_CONNECTIONS,
    EXACT_READ_CONNECTIONS,
    WRITE_CONNECTIONS,
    SEARCH_YIELD_MS,
  } = env();
  return DATABASE_URL
    ? openPostgres(DATABASE_URL, {
        poolSize: DATABASE_POOL_SIZE,
        search: SEARCH_CONNECTIONS,
        exactRead: EXACT_READ_CONNECTIONS,
        write: WRITE_CONNECTIONS,
        searchYieldMs: SEARCH_YIELD_MS,
      })
    : openPglite(PGLITE_DIR, PGLITE_WAIT_FOR_LOCK, PGLITE_SNAPSHOT);
}

const database = processSlot<Promise<Handle>>("db.handle");
const pool = processSlot<Pool>("db.pool");
const searchReplicaSlot = processSlot<Promise<SearchReplica>>("db.search-replica");

function handle(): Promise<Handle> {
  if (!database.value) {
    database.value = open().then(
      (opened) => {
        pool.value = opened.pool;
        return opened;
      },
      (error: unknown) => {
        database.value = undefined;
        throw error;
      },
    );
  }
  return database.value;
}

/** The process's one database, migrated to the latest schema before first use. */
export async function getDb(): Promise<Database> {
  return (await handle()).db;
}

/** Where create/edit transactions run, and whether their statements may be sent together. */
export async function getWriteTransactions(): Promise<WriteTransactions> {
  return (await handle()).writes;
}

/** The PostgreSQL pool's connections now; null on the embedded store or before it opens. */
export function databasePoolStats(): PoolStats | null {
  const current = pool.value;
  return current ? { total: current.totalCount, idle: current.idleCount, waiting: current.waitingCount } : null;
}

/** The process's database as a plain SQL runner, for libraries that bring their own SQL (pg-boss). */
export async function getExecuteSql(): Promise<ExecuteSql> {
  return (await handle()).executeSql;
}

/** Runs `run` in a transaction that may load rows with COPY (see copy-transaction.ts). */
export async function copyTransaction<T>(run: (tx: CopyTransaction) => Promise<T>): Promise<T> {
  return (await handle()).copyTransactions(run);
}

export async function databaseKind(): Promise<StoreKind> {
  return (await handle()).kind;
}

/** Closes the process's database (scripts and tests); the next `getDb` opens it again. */
export async function closeDb(): Promise<void> {
  const replica = searchReplicaSlot.value;
  searchReplicaSlot.value = undefined;
  if (replica) await (await replica).close();
  const current = database.value;
  database.value = undefined;
  pool.value = undefined;
  if (current) await (await current).close();
}

async function searchReplica(): Promise<SearchReplica | undefined> {
  const { DATABASE_URL, DATABASE_READ_URL, DATABASE_POOL_SIZE, REPLICA_MAX_LAG_MS, SEARCH_CONNECTIONS } = env();
  if (!DATABASE_URL || !DATABASE_READ_URL) return undefined;
  if (!searchReplicaSlot.value) {
    searchReplicaSlot.value = (async () => {
      const primary = (await handle()).searchClient!;
      const { openSearchReplica } = await import("./replica");
      return openSearchReplica({
        primary,
        primaryUrl: DATABASE_URL,
        replicaUrl: DATABASE_READ_URL,
        connections: SEARCH_CONNECTIONS,
        poolSize: DATABASE_POOL_SIZE,
        maxLagMs: REPLICA_MAX_LAG_MS,
      });
    })().catch((error: unknown) => {
      searchReplicaSlot.value = undefined;
      throw error;
    });
  }
  return searchReplicaSlot.value;
}

/**
 * The database searches read from: with DATABASE_READ_URL, a streaming replica while it is at
 * most REPLICA_MAX_LAG_MS behind (the primary otherwise, see replica.ts); else the primary.
 * Only searches may use it: their answers may lag a write, retrieval and the portal may not.
 */
export async function getSearchDb(): Promise<SearchReader> {
  return (await searchReplica())?.db ?? (await handle()).searchDb;
}

/**
 * The primary, for short single statements outside transactions that must see every committed
 * write (the snapshot, retrieval, the key gate): pipelined connections not shared with searches
 * (`EXACT_READ_CONNECTIONS`), else the search connections, else the pool. Never a transaction: a
 * pipelined connection is shared by every request.
 */
export async function getExactReadDb(): Promise<ExactReader> {
  return (await handle()).readDb;
}

/** How far the search replica is behind the primary at most, in ms; null without one. */
export async function searchReplicaLagMs(): Promise<number | null> {
  return (await searchReplica())?.lag.lagMs() ?? null;
}
