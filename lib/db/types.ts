import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema";

/** The app's database: drizzle over the schema, on PGlite or a PostgreSQL pool. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Anything that runs queries: the database or an open transaction. */
export type Queryable = Database | Transaction;

/** Which engine holds the data; a field of every handle, never guessed from a driver's shape. */
export type StoreKind = "pglite" | "postgres";

declare const readRole: unique symbol;
/** Queries without transactions: what connections shared by every request can offer. */
type Reads = Omit<Database, "transaction">;
/**
 * Single statements that see every committed write (retrieval, the key gate). Its connections are
 * shared by every request (pipelined), so it has no `transaction`.
 */
export type ExactReader = Reads & { readonly [readRole]: "exact" };
/**
 * Single statements whose answers may lag a write by the replica's bound (searches only). The
 * primary or an exact reader can stand in for it; it never stands in for an exact one.
 */
export type SearchReader = Reads & { readonly [readRole]?: "exact" | "search" };
/** Whatever single statements may run on: the database, a transaction or either reader. */
export type Statements = Queryable | SearchReader;

/** Runs one statement (several, without parameters) outside drizzle: the job queue's connection. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * A database for create/edit transactions. `pipelined`: its connections are in pipeline mode, so
 * statements started without waiting for the one before go out together and are answered in order.
 */
export type WriteTransactions = { db: Database; pipelined: boolean };

export type PoolStats = { total: number; idle: number; waiting: number };
