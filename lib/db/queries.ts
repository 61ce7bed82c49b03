import "server-only";
import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { processSingleton } from "@/lib/process-slot";
import type { Database, Queryable, SearchReader, Statements, StoreKind } from "./types";

/** What `$client` of a database this module reads raw statements through. */
type RawClient = {
  query: (query: string | { name: string; text: string; values: unknown[] }, values?: unknown[]) => Promise<{ rows: unknown[] }>;
};
/** A database or reader opened by lib/db (its `storeKind` field set), not a transaction. */
type Opened = SearchReader & { $client: RawClient };

/** Rows of a raw SQL statement; both drivers answer `{ rows }`. */
export async function queryRows<Row>(db: Statements, query: SQL): Promise<Row[]> {
  const result = (await (db as Queryable).execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/**
 * Per PGlite instance, the statements prepared on its one connection (or being prepared). A
 * process slot, as the instance is: each server bundle holds its own copy of this module.
 */
const pglitePrepared = () => processSingleton("db.pglite-prepared", () => new WeakMap<object, Map<string, Promise<unknown>>>());
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
  const byClient = pglitePrepared();
  let prepared = byClient.get(client);
  if (!prepared) byClient.set(client, (prepared = new Map()));
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

function storeKindOf(db: Database | SearchReader): StoreKind {
  const kind = (db as { storeKind?: StoreKind }).storeKind;
  if (!kind) throw new Error("queryPrepared needs a database opened by lib/db/client.ts");
  return kind;
}

/**
 * Rows of a statement written as plain SQL text with $n parameters, prepared once per connection
 * under `name`: its parse is reused, and after five runs planned for their values PostgreSQL
 * keeps one generic plan when that costs no more. For hot statements whose text never changes
 * and whose generic plan is sound.
 */
export async function queryPrepared<Row>(db: Database | SearchReader, name: string, text: string, values: unknown[]): Promise<Row[]> {
  const client = (db as Opened).$client;
  const result =
    storeKindOf(db) === "pglite" ? await executePrepared(client, name, text, values) : await client.query({ name, text, values });
  return result.rows as Row[];
}

const dialect = new PgDialect();

/**
 * Rows of a `sql` statement whose every reasonable plan is the same whatever its parameters'
 * values, prepared (`queryPrepared`) under a name made from its text. Parse and planning were
 * a large share of a search page statement's time (decision 046). Only for statements whose texts
 * are few: each distinct one is prepared on every connection. In a transaction, a plain statement.
 */
export async function queryReused<Row>(db: Statements, query: SQL): Promise<Row[]> {
  // A transaction holds one connection drizzle does not hand out: there it runs as it is.
  if (!("$client" in db)) return queryRows<Row>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `uds_${createHash("sha1").update(text).digest("base64url").slice(0, 20)}`;
  return queryPrepared<Row>(db as SearchReader, name, text, params);
}
