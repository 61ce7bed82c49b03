import "server-only";
import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Pool } from "pg";
import type { PgliteThread } from "./pglite-thread";

/**
 * A transaction that loads rows with COPY (bulk loads: the seed), beside ordinary statements.
 * COPY stores a batch of rows through the table's bulk insert path, without planning a statement
 * or parsing a JSON parameter of the whole batch: what a multi-row INSERT … SELECT pays per row.
 */
export type CopyTransaction = {
  execute: <Row>(query: SQL) => Promise<Row[]>;
  /** Stores `rows` (one array of values per row, in `columns`' order) into `table` with one COPY. */
  copy: (table: string, columns: string[], rows: readonly (readonly unknown[])[]) => Promise<void>;
};
export type CopyTransactions = <T>(run: (tx: CopyTransaction) => Promise<T>) => Promise<T>;

const dialect = new PgDialect();

/** A text array as PostgreSQL's array literal: each element quoted, `"` and `\` escaped. */
const arrayLiteral = (values: readonly unknown[]) =>
  `{${values.map((value) => `"${String(value).replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`).join(",")}}`;

/** Characters COPY's text format escapes with a backslash; JSON text has none but `\\` itself. */
const SPECIAL = /[\\\n\r\t]/;
const ESCAPES: Record<string, string> = { "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/** One value as a field of COPY's text format: `\N` for null; most values need no escaping, so they are tested first. */
function textField(value: unknown): string {
  if (value === null || value === undefined) return "\\N";
  const text =
    value instanceof Date
      ? value.toISOString()
      : Array.isArray(value)
        ? arrayLiteral(value)
        : typeof value === "object"
          ? JSON.stringify(value)
          : String(value);
  return SPECIAL.test(text) ? text.replaceAll(/[\\\n\r\t]/g, (character) => ESCAPES[character]!) : text;
}

/** Rows in COPY's text format: tab-separated fields, one row a line. */
export const copyText = (rows: readonly (readonly unknown[])[]) => rows.map((row) => `${row.map(textField).join("\t")}\n`).join("");

/** The COPY statement of `columns` of `table` from `source` (names are the loader's own, quoted). */
const copyStatement = (table: string, columns: string[], source: string) =>
  `COPY "${table}" (${columns.map((column) => `"${column}"`).join(", ")}) FROM ${source}`;

/** On PostgreSQL: a pooled connection, COPY … FROM STDIN through pg-copy-streams. */
export function postgresCopyTransactions(pool: Pool): CopyTransactions {
  return async (run) => {
    const { from } = await import("pg-copy-streams");
    const client = await pool.connect();
    let broken: unknown;
    try {
      await client.query("BEGIN");
      const tx: CopyTransaction = {
        execute: async <Row>(query: SQL) => {
          const { sql, params } = dialect.sqlToQuery(query);
          return (await client.query(sql, params)).rows as Row[];
        },
        copy: async (table, columns, rows) => {
          await pipeline(Readable.from([copyText(rows)]), client.query(from(copyStatement(table, columns, "STDIN"))));
        },
      };
      const result = await run(tx);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch((rollback: unknown) => (broken = rollback));
      throw error;
    } finally {
      // A connection whose rollback failed is not handed to the next caller.
      client.release(broken instanceof Error ? broken : undefined);
    }
  };
}

/** On PGlite (its own thread): COPY … FROM '/dev/blob', the rows given as the statement's blob. */
export function pgliteCopyTransactions(thread: PgliteThread): CopyTransactions {
  return (run) =>
    thread.transaction((handle) =>
      run({
        execute: async <Row>(query: SQL) => {
          const { sql, params } = dialect.sqlToQuery(query);
          return (await handle.query<Row>(sql, params)).rows;
        },
        copy: async (table, columns, rows) => {
          await handle.copyFrom(copyStatement(table, columns, "'/dev/blob'"), copyText(rows));
        },
      }),
    );
}
