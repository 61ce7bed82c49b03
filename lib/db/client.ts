import "server-only";
import { createHash } from "node:crypto";
import path from "node:path";
import type { SQL } from "drizzle-orm";
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { Pool } from "pg";
import { env } from "@/lib/env";
import { hideQueryParameters } from "./query-errors";
import type { SearchReplica } from "./replica";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Anything that runs queries: the database or an open transaction. */
export type Queryable = Database | Transaction;

export type PoolStats = { total: number; idle: number; waiting: number };

hideQueryParameters();
/** Runs one statement (several, without parameters) outside drizzle: the job queue's connection. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
type Handle = {
  db: Database;
  /**
   * Single statements outside transactions on the primary (searches without a replica, retrieval,
   * the key gate): pipelined connections on PostgreSQL (`SEARCH_CONNECTIONS`), else `db`.
   */
  readDb: Database;
  kind: "pglite" | "postgres";
  close: () => Promise<void>;
  pool?: Pool;
  /** `readDb`'s own client on PostgreSQL: where searches fall back when the replica cannot answer. */
  readClient?: { query: unknown };
  executeSql: ExecuteSql;
};

const MIGRATIONS = path.join(process.cwd(), "lib/db/migrations");
/** Arbitrary constant naming this app's migration lock among PostgreSQL advisory locks. */
const MIGRATION_LOCK = 7_311_042;

async function openPglite(dir: string, waitForLock: boolean): Promise<Handle> {
  const { PgliteThread } = await import("./pglite-thread");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const { awaitStoreLock, holdStoreLock } = await import("./store-lock");
  const release = dir.startsWith("memory://") ? () => {} : waitForLock ? await awaitStoreLock(dir) : holdStoreLock(dir);
  const client = await PgliteThread.open(dir, (error) => {
    // The next getDb opens the folder again; until then statements fail (503), as with a lost server.
    console.error("embedded database:", error.message);
    release();
    const current = holder.__udsDatabase;
    void current?.then(
      (opened) => {
        if (opened === handle && holder.__udsDatabase === current) holder.__udsDatabase = undefined;
      },
      () => {},
    );
  }).catch((error: unknown) => {
    release();
    throw error;
  });
  const db = drizzle({ client: client.asPglite(), schema });
  const handle: Handle = {
    db: db as unknown as Database,
    readDb: db as unknown as Database,
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
  };
  await migrateOrClose(() => migrate(db, { migrationsFolder: MIGRATIONS }), handle);
  return handle;
}

async function openPostgres(url: string, poolSize: number, searchConnections: number): Promise<Handle> {
  const { Client, Pool } = await import("pg");
  const { searchConnections: openSearchConnections } = await import("./pipelined-reads");
  const { guardedPool } = await import("./pool");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  // JIT compiles plans whose estimated cost is high, spending ~1 s on a 2,000-row insert or a
  // broad search that runs in milliseconds; these short statements never gain from it.
  const pool = guardedPool(
    Pool,
    { connectionString: url, max: poolSize, connectionTimeoutMillis: 5_000, options: "-c jit=off" },
    "database",
  );
  const db = drizzle({ client: pool, schema }) as unknown as Database;
  const reads = searchConnections > 0 ? openSearchConnections(Client, url, searchConnections) : null;
  const handle: Handle = {
    db,
    readDb: reads ? (drizzle({ client: reads as unknown as Pool, schema }) as unknown as Database) : db,
    kind: "postgres",
    close: async () => {
      await Promise.all([pool.end(), reads?.close()]);
    },
    pool,
    readClient: reads ?? pool,
    executeSql: (text, values) => pool.query(text, values),
  };
  await migrateOrClose(async () => {
    // Instances starting together take turns, so each migration is applied exactly once.
    const lockClient = await pool.connect();
    try {
      await lockClient.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
      await migrate(drizzle({ client: lockClient, schema }), { migrationsFolder: MIGRATIONS });
    } finally {
      await lockClient.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
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
  const { DATABASE_URL, PGLITE_DIR, PGLITE_WAIT_FOR_LOCK, DATABASE_POOL_SIZE, SEARCH_CONNECTIONS } = env();
  return DATABASE_URL ? openPostgres(DATABASE_URL, DATABASE_POOL_SIZE, SEARCH_CONNECTIONS) : openPglite(PGLITE_DIR, PGLITE_WAIT_FOR_LOCK);
}

// `next dev` re-evaluates modules on every edit; keeping the handle on globalThis stops each reload
// from opening another pool (or a second PGlite on the same folder, which would corrupt it).
const holder = globalThis as unknown as { __udsDatabase?: Promise<Handle>; __udsPool?: Pool };

function handle(): Promise<Handle> {
  if (!holder.__udsDatabase) {
    holder.__udsDatabase = open().then(
      (opened) => {
        holder.__udsPool = opened.pool;
        return opened;
      },
      (error: unknown) => {
        holder.__udsDatabase = undefined;
        throw error;
      },
    );
  }
  return holder.__udsDatabase;
}

/** The process's one database, migrated to the latest schema before first use. */
export async function getDb(): Promise<Database> {
  return (await handle()).db;
}

/** The PostgreSQL pool's connections now; null on the embedded store or before it opens. */
export function databasePoolStats(): PoolStats | null {
  const pool = holder.__udsPool;
  return pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : null;
}

/** The process's database as a plain SQL runner, for libraries that bring their own SQL (pg-boss). */
export async function getExecuteSql(): Promise<ExecuteSql> {
  return (await handle()).executeSql;
}

export async function databaseKind(): Promise<Handle["kind"]> {
  return (await handle()).kind;
}

/** Closes the process's database (scripts and tests); the next `getDb` opens it again. */
export async function closeDb(): Promise<void> {
  const replica = searchHolder.__udsSearchReplica;
  searchHolder.__udsSearchReplica = undefined;
  if (replica) await (await replica).close();
  const current = holder.__udsDatabase;
  holder.__udsDatabase = undefined;
  holder.__udsPool = undefined;
  if (current) await (await current).close();
}

const searchHolder = globalThis as unknown as { __udsSearchReplica?: Promise<SearchReplica> };

async function searchReplica(): Promise<SearchReplica | undefined> {
  const { DATABASE_URL, DATABASE_READ_URL, DATABASE_POOL_SIZE, REPLICA_MAX_LAG_MS, SEARCH_CONNECTIONS } = env();
  if (!DATABASE_URL || !DATABASE_READ_URL) return undefined;
  if (!searchHolder.__udsSearchReplica) {
    searchHolder.__udsSearchReplica = (async () => {
      const primary = (await handle()).readClient!;
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
      searchHolder.__udsSearchReplica = undefined;
      throw error;
    });
  }
  return searchHolder.__udsSearchReplica;
}

/**
 * The database searches read from: with DATABASE_READ_URL, a streaming replica while it is at
 * most REPLICA_MAX_LAG_MS behind (the primary otherwise, see replica.ts); else the primary.
 * Only searches may use it: their answers may lag a write, retrieval and the portal may not.
 */
export async function getSearchDb(): Promise<Database> {
  return (await searchReplica())?.db ?? getExactReadDb();
}

/**
 * The primary, for single statements outside transactions that must see every committed write
 * (retrieval, the key gate): the pipelined connections with `SEARCH_CONNECTIONS`, else the pool.
 * Never a transaction: a pipelined connection is shared by every request.
 */
export async function getExactReadDb(): Promise<Database> {
  return (await handle()).readDb;
}

/** How far the search replica is behind the primary at most, in ms; null without one. */
export async function searchReplicaLagMs(): Promise<number | null> {
  return (await searchReplica())?.lag.lagMs() ?? null;
}

/** Rows of a raw SQL statement; both drivers answer `{ rows }`. */
export async function queryRows<Row>(db: Queryable, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

type RawClient = {
  query: (query: string | { name: string; text: string; values: unknown[] }, values?: unknown[]) => Promise<{ rows: unknown[] }>;
};

/**
 * Per PGlite instance, the statements prepared on its one connection (or being prepared). On
 * globalThis, as the instance is: the server's bundles each hold their own copy of this module.
 */
const pglitePrepared = ((
  globalThis as unknown as { __udsPglitePrepared?: WeakMap<object, Map<string, Promise<unknown>>> }
).__udsPglitePrepared ??= new WeakMap());
/** SQLSTATE duplicate_prepared_statement: prepared already, by an earlier copy of this map. */
const DUPLICATE_PREPARED = "42P05";

/** A value as an SQL literal of unknown type (its parameter's type reads it), or null if it is not plain. */
function literalOf(value: unknown): string | null {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number" && !Number.isFinite(value)) return null;
  if (!["string", "number", "bigint", "boolean"].includes(typeof value)) return null;
  // With standard_conforming_strings (on since PostgreSQL 9.1) a quote is the only special character.
  return `'${String(value).replaceAll("'", "''")}'`;
}

/**
 * On PGlite, which sends every query as an unnamed statement: `PREPARE` once on its one
 * connection, then `EXECUTE` it, so the plan is kept all the same. A utility statement takes no
 * parameters, so the values are written into the `EXECUTE` as quoted literals; a statement with
 * other values (arrays, objects) runs as it is.
 */
async function executePrepared(client: RawClient, name: string, text: string, values: unknown[]) {
  const literals = values.map(literalOf);
  if (literals.some((literal) => literal === null)) return client.query(text, values);
  let prepared = pglitePrepared.get(client);
  if (!prepared) pglitePrepared.set(client, (prepared = new Map()));
  // Names are ours (`uds_` and letters, digits, `-`, `_`): quoted, they are taken as they are.
  const quoted = `"${name}"`;
  let preparing = prepared.get(name);
  if (!preparing) {
    preparing = client.query(`PREPARE ${quoted} AS ${text}`).catch((error: unknown) => {
      if ((error as { code?: unknown }).code !== DUPLICATE_PREPARED) throw error;
    });
    prepared.set(name, preparing);
    preparing.catch(() => prepared.delete(name));
  }
  await preparing;
  return client.query(literals.length > 0 ? `EXECUTE ${quoted}(${literals.join(", ")})` : `EXECUTE ${quoted}`);
}

/**
 * Rows of a statement written as plain SQL text with $n parameters, prepared once per connection
 * under `name`: its parse is reused, and after five runs planned for their values PostgreSQL
 * keeps one generic plan when that costs no more. For hot statements whose text never changes
 * and whose generic plan is sound.
 */
export async function queryPrepared<Row>(db: Database, name: string, text: string, values: unknown[]): Promise<Row[]> {
  const client = (db as unknown as { $client: RawClient & { totalCount?: number } }).$client;
  const result =
    client.totalCount === undefined ? await executePrepared(client, name, text, values) : await client.query({ name, text, values });
  return result.rows as Row[];
}

const dialect = new PgDialect();

/**
 * Rows of a `sql` statement whose every reasonable plan is the same whatever its parameters'
 * values, prepared (`queryPrepared`) under a name made from its text. Parse and planning were
 * some 40% of a search page statement's time. Only for statements whose texts are few: each
 * distinct one is prepared on every connection. In a transaction, a plain statement.
 */
export async function queryReused<Row>(db: Queryable, query: SQL): Promise<Row[]> {
  // A transaction holds one connection drizzle does not hand out: there it runs as it is.
  if (!("$client" in db)) return queryRows<Row>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `uds_${createHash("sha1").update(text).digest("base64url").slice(0, 20)}`;
  return queryPrepared<Row>(db, name, text, params);
}
