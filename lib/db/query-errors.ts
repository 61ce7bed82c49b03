import "server-only";
import { DrizzleQueryError } from "drizzle-orm";
import { PgPreparedQuery } from "drizzle-orm/pg-core";

/**
 * Drizzle writes a failed statement's parameters into its error's message ("Failed query: …
 * params: …") and keeps them on the error, and PostgreSQL's own error (the cause) may carry the
 * whole failing row in its detail ("Failing row contains (…)"); whatever logs the error prints
 * them: a session token, a webhook secret, a password hash. Here the message keeps the statement's
 * text (its values are placeholders), the stack follows it, and the parameters and details go;
 * the code, constraint, table and column still say what failed.
 */
export function withoutParameters(error: DrizzleQueryError): DrizzleQueryError {
  const message = `Failed query: ${error.query}`;
  if (error.stack?.includes(error.message)) error.stack = error.stack.replace(error.message, message);
  error.message = message;
  Object.defineProperty(error, "params", { value: [], enumerable: false, writable: true });
  for (let cause: unknown = error.cause; cause instanceof Error; cause = cause.cause) {
    if ("detail" in cause) delete (cause as { detail?: unknown }).detail;
  }
  return error;
}

const INSTALLED = Symbol.for("uds.queryErrorsWithoutParameters");
type Patched = { queryWithCache: (...args: unknown[]) => Promise<unknown>; [INSTALLED]?: true };

/**
 * Every query drizzle runs on PostgreSQL or PGlite (transactions included) passes through
 * `PgPreparedQuery.queryWithCache`, where its errors are made: the one place to take the
 * parameters out, before any caller, Next.js or better-auth can log them. Installed once per process.
 */
export function hideQueryParameters(): void {
  const prototype = PgPreparedQuery.prototype as unknown as Patched;
  if (prototype[INSTALLED]) return;
  const original = prototype.queryWithCache;
  prototype.queryWithCache = async function (this: unknown, ...args: unknown[]) {
    try {
      return await original.apply(this, args);
    } catch (error) {
      throw error instanceof DrizzleQueryError ? withoutParameters(error) : error;
    }
  };
  prototype[INSTALLED] = true;
}
