import "server-only";
import pino, { type Logger } from "pino";
import { processSingleton } from "@/lib/process-slot";

const LEVELS = new Set(["fatal", "error", "warn", "info", "debug", "trace", "silent"]);

/** The header server.mjs sets on every request (a sane one a client sent, else a new UUID). */
const REQUEST_ID_HEADER = "x-request-id";

/**
 * The one logger of lib/: JSON lines at `LOG_LEVEL`, in the format of server.mjs's request lines,
 * so one collector reads both. On stderr, so that a command's stdout stays its answer
 * (`KEY=$(npm run -s keys:create …)`), and through process.stderr, synchronous for files and
 * pipes on Linux, so a line logged just before the process exits is not lost.
 */
export function log(): Logger {
  return processSingleton("log", () => {
    // Read here, not through lib/env.ts: a bad LOG_LEVEL must not stop the line that reports it.
    const level = LEVELS.has(process.env.LOG_LEVEL ?? "") ? process.env.LOG_LEVEL! : "info";
    return pino({ level, base: { pid: process.pid } }, process.stderr);
  });
}

/** The logger for one request: its lines carry the request id of the server's request line. */
export function requestLog(request: Request | undefined): Logger {
  const reqId = request?.headers.get(REQUEST_ID_HEADER);
  return reqId ? log().child({ reqId }) : log();
}
