import { createHash } from "node:crypto";
import type { Pool, PoolClient } from "pg";

/**
 * The write pool's statements go out as named prepared statements, one name per text: each
 * connection parses and plans a text once, and after five runs planned for their values keeps a
 * generic plan when that costs no more. Parse and planning were some 40% of PostgreSQL's CPU per
 * write (the search-rows statement alone plans in ~1.2 ms; docs/decisions/092-named-write-statements.md).
 *
 * Transaction control (BEGIN, COMMIT, ROLLBACK, SAVEPOINT) stays unnamed: it is not planned.
 */
const PLANNED = /^\s*(?:with|select|insert|update|delete)\b/i;

/**
 * At most this many texts get a name in a process; later new texts go out unnamed. The write
 * path's texts are a few dozen, but a list of ids or rows written out in a text (`IN ($1, $2)`,
 * multi-row inserts) makes one text per length, and each name holds a plan on every connection.
 */
export const MAX_NAMED_TEXTS = 256;

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown };

/** The name a statement's text is prepared under, or null when it is not one to prepare. */
function nameOf(names: Map<string, string>, text: string, limit: number): string | null {
  if (!PLANNED.test(text)) return null;
  const known = names.get(text);
  if (known) return known;
  if (names.size >= limit) return null;
  const name = `uds_w_${createHash("sha1").update(text).digest("base64url").slice(0, 20)}`;
  names.set(text, name);
  return name;
}

/** The arguments of a client's `query` with a name given to a plain statement that has none. */
function withName(names: Map<string, string>, limit: number, args: unknown[]): unknown[] {
  const [first, ...rest] = args;
  if (typeof first === "string") {
    const name = nameOf(names, first, limit);
    if (!name) return args;
    // `query(text, values, callback)`: the values move into the config, the rest stays as it was.
    const [values, ...after] = Array.isArray(rest[0]) ? rest : [undefined, ...rest];
    return [{ name, text: first, values }, ...after];
  }
  // A submittable (a cursor, a Query) carries its own protocol: left as it is.
  if (!first || typeof first !== "object" || "submit" in first) return args;
  const config = first as QueryConfig;
  if (config.name || typeof config.text !== "string") return args;
  const name = nameOf(names, config.text, limit);
  return name ? [{ ...config, name }, ...rest] : args;
}

/** Every connection `pool` opens from now on sends its planned statements named. */
export function nameStatementsOf(pool: Pool, limit = MAX_NAMED_TEXTS): void {
  const names = new Map<string, string>();
  pool.on("connect", (client: PoolClient) => {
    // The class's `query` is looked up at each call, so what wraps it later (tracing, the tests'
    // and benches' statement counters) still sees every statement.
    const prototype = Object.getPrototypeOf(client) as { query: (...args: unknown[]) => unknown };
    (client as { query: unknown }).query = (...args: unknown[]) => prototype.query.apply(client, withName(names, limit, args));
  });
}
