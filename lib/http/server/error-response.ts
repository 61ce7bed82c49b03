import "server-only";
import { ZodError } from "zod";
import { AppError, errorBody } from "@/lib/errors";
import { requestLog } from "@/lib/log";
import { describeIssue, issueDetail } from "@/lib/schemas/issue-path";

export const NO_STORE = { "Cache-Control": "no-store" };

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...NO_STORE, ...headers } });
}

/** Error codes and messages that mean the database cannot be reached right now. */
const UNAVAILABLE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ENOTFOUND", "57P01", "57P02", "57P03", "53300"]);

function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: string }).code;
    if (code && UNAVAILABLE_CODES.has(code)) return true;
    // pg reports a connection lost mid-transaction only in the message of the failed rollback.
    if (/Connection terminated|connection timeout|not queryable|Client was closed|PGlite is closed/i.test(current.message)) return true;
  }
  return false;
}

/**
 * The one place errors become responses: domain errors keep their status, message, code and
 * field, validation errors name the field (as `field`, and in the message), an unreachable database is a 503, and anything else is a
 * 500 whose details stay in the server log.
 */
export function errorResponse(error: unknown, headers: Record<string, string> = {}, request?: Request): Response {
  if (error instanceof AppError) {
    return jsonResponse(error.status, error.body(), { ...headers, ...error.headers });
  }
  if (error instanceof ZodError) {
    return jsonResponse(400, errorBody(400, describeIssue(error), issueDetail(error)), headers);
  }
  if (isDatabaseUnavailable(error)) {
    requestLog(request).error({ err: error }, "database unavailable");
    return jsonResponse(503, errorBody(503, "Service Unavailable"), { ...headers, "Retry-After": "5" });
  }
  requestLog(request).error({ err: error }, "unexpected error");
  return jsonResponse(500, errorBody(500, "Internal Server Error"), headers);
}
