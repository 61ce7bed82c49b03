// The production server (`npm start`): Next.js behind a plain node:http server, for what Next.js
// does not give route handlers: the connection's own address (recorded in a header this server
// sets, replacing any a client sent), a request id on every answer, one log line and the
// metrics per request, the public pages' shared-cache headers, decided once the page is known, and
// API answers sent whole in one write.
// Plain JavaScript: it runs as it is, before and outside Next's bundles.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { parseArgs } from "node:util";
import pino from "pino";
import { collectDefaultMetrics, Counter, Histogram, register } from "prom-client";
import { answerApi, isApiRequest } from "./lib/http/api-answer.mjs";
import { gatewayReadHandle } from "./lib/http/gateway-read.mjs";
import { answerPublicPage } from "./lib/http/public-page-response.mjs";
import { isAnonymousPublicPage, pathOf } from "./lib/http/public-pages.mjs";
import { API_ANSWER_HEADERS } from "./next.config.js";

const SOCKET_ADDRESS_HEADER = "x-uds-socket-address";
/** This server's own key for a request, so two requests sending the same X-Request-Id stay apart. */
const REQUEST_KEY_HEADER = "x-uds-request-key";
const REQUEST_ID_HEADER = "x-request-id";
/** A client's own request id is kept only if it is short and plain, so it cannot forge log lines. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
/**
 * Methods the Fetch API refuses to put in a `Request` (TRACE, TRACK, CONNECT): Next.js fails to
 * build one for the proxy or a route handler and answers a text/plain 500 before any of the app's
 * code runs. Nothing here takes them, so every path gets the API's JSON 405.
 */
const UNROUTABLE_METHODS = new Set(["TRACE", "TRACK", "CONNECT"]);
const ALLOWED_METHODS = "GET, HEAD, POST, DELETE, OPTIONS";

function refuseMethod(req, res) {
  // The code every 405 of the API carries (lib/errors.ts), for clients that read codes, not prose.
  const body = JSON.stringify({ error: `method ${req.method} not allowed`, code: "method_not_allowed" });
  res.writeHead(405, {
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
    Allow: ALLOWED_METHODS,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
  });
  res.end(body);
  req.resume();
}

/**
 * Behind https (BETTER_AUTH_URL), browsers are told to use nothing else for two years, so a
 * network that strips TLS from a later visit cannot read the session cookie. Set here, on every
 * answer (pages, API, static files, this server's own refusals), as Next.js's header rules are
 * fixed at build time and this URL is a run-time setting.
 */
const STRICT_TRANSPORT = /^https:\/\//i.test(process.env.BETTER_AUTH_URL ?? "") ? "max-age=63072000; includeSubDomains" : null;

/** Routes named by their own path when no handler names them; anything else is a page or unmatched. */
const FIXED_ROUTES = new Set(["/api/health", "/api/ready", "/api/metrics"]);

const { values } = parseArgs({
  options: { port: { type: "string", short: "p" }, hostname: { type: "string", short: "H" } },
  strict: true,
});
// As `next start`: production unless told otherwise, set before Next.js and React load.
process.env.NODE_ENV ??= "production";
const { default: next } = await import("next");
const port = Number(values.port ?? process.env.PORT ?? 3000);
const hostname = values.hostname ?? process.env.HOSTNAME ?? "0.0.0.0";

// A line per request: written in batches of 4 kB, or each second when fewer came, rather than one
// write per line, each a hand-off to the thread pool and back; pino flushes what is left at exit.
const log = pino(
  { level: process.env.LOG_LEVEL || "info", base: { pid: process.pid } },
  pino.destination({ dest: 1, minLength: 4096, periodicFlush: 1000 }),
);

// Heap, RSS, event-loop lag and GC: what the 256 MB heap cap is watched with.
collectDefaultMetrics();
const metric = (name, create) => register.getSingleMetric(name) ?? create();
const requests = metric(
  "uds_http_requests_total",
  () =>
    new Counter({
      name: "uds_http_requests_total",
      help: "Answered requests, by route, method and status",
      labelNames: ["route", "method", "status"],
    }),
);
const latency = metric(
  "uds_http_request_duration_seconds",
  () =>
    new Histogram({
      name: "uds_http_request_duration_seconds",
      help: "Time to the last byte of the answer, by route and status",
      labelNames: ["route", "method", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    }),
);

const keptPageAnswers = metric(
  "uds_kept_page_answers_total",
  () =>
    new Counter({
      name: "uds_kept_page_answers_total",
      help: "Anonymous views of pages the origin keeps, by whether the kept copy answered",
      labelNames: ["result"],
    }),
);

// Per-process values shared with the app's modules: the map of lib/process-slot.ts.
const processSlots = (globalThis[Symbol.for("uds.process-slots")] ??= new Map());
function processSlot(name) {
  if (!processSlots.has(name)) processSlots.set(name, { value: undefined });
  return processSlots.get(name);
}
// Route handlers add their route pattern and account here (lib/observability/request-facts.ts).
const facts = (processSlot("request-facts").value ??= new Map());
// Set by instrumentation.ts when pages are kept (PAGE_KEEP_MS above 0).
const keptPages = processSlot("kept-pages");
// The gateway's public reads, answered without Next.js (lib/routes/gateway-reads.ts).
const gatewayReads = processSlot("gateway-reads");

/** A gateway read whose handler threw rather than answered: the API's 500, its cause in the log. */
function failRead(error, res) {
  log.error({ err: error, reqId: res.getHeader("x-request-id") }, "gateway read");
  if (res.headersSent) return void res.destroy();
  const body = JSON.stringify({ error: "Internal Server Error", code: "internal_error" });
  res.statusCode = 500;
  res.setHeader("Content-Type", "application/json");
  res.setHeader("Cache-Control", "no-store");
  res.end(body);
}

/**
 * The build's route patterns (`/api/portal/collections/[id]`, …): a label a handler notes is kept
 * only if it is one of them, so no path a client makes up (percent-encoded, doubled slashes, ids
 * that look like route names) can add a series. Without the manifest, noted labels are kept as
 * they are.
 */
function buildRoutes() {
  try {
    return new Set(Object.values(JSON.parse(readFileSync(new URL(".next/app-path-routes-manifest.json", import.meta.url), "utf8"))));
  } catch {
    return null;
  }
}

function routeLabel(path, status, noted, routes) {
  if (noted) return !routes || routes.has(noted) ? noted : "other";
  if (path.startsWith("/_next/")) return "/_next/*";
  if (FIXED_ROUTES.has(path)) return path;
  return status === 404 ? "unmatched" : "page";
}

// The origin of this server's own port, for the start-up rehearsal (lib/startup/rehearsal.ts), which
// Next.js's preparation starts and which waits for it; a wildcard address is reached on loopback.
let listened;
processSlot("server.self-origin").value = new Promise((resolve) => (listened = resolve));
const selfOrigin = ({ address, family, port: bound }) => {
  const host = address === "0.0.0.0" ? "127.0.0.1" : address === "::" ? "::1" : address;
  return `http://${family === "IPv6" || host.includes(":") ? `[${host}]` : host}:${bound}`;
};

const app = next({ dev: false, hostname, port });
const handle = app.getRequestHandler();
try {
  // Runs instrumentation.ts, whose configuration and store checks end the process when they fail.
  await app.prepare();
} catch (error) {
  let message = error instanceof Error ? error.message : String(error);
  for (let cause = error?.cause; cause; cause = cause.cause) message += `\n${cause instanceof Error ? cause.message : String(cause)}`;
  console.error(`Start-up refused:\n${message}`);
  process.exit(1);
}
const routes = buildRoutes();

const server = createServer((req, res) => {
  const started = process.hrtime.bigint();
  const sent = req.headers[REQUEST_ID_HEADER];
  const requestId = typeof sent === "string" && SANE_REQUEST_ID.test(sent) ? sent : randomUUID();
  req.headers[REQUEST_ID_HEADER] = requestId;
  req.headers[SOCKET_ADDRESS_HEADER] = req.socket.remoteAddress ?? "";
  const key = randomUUID();
  req.headers[REQUEST_KEY_HEADER] = key;
  res.setHeader("X-Request-Id", requestId);
  if (STRICT_TRANSPORT) res.setHeader("Strict-Transport-Security", STRICT_TRANSPORT);
  const noted = {};
  facts.set(key, noted);
  res.once("close", () => {
    facts.delete(key);
    const status = res.statusCode;
    const route = routeLabel(pathOf(req.url ?? "/"), status, noted.route, routes);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    requests.inc({ route, method: req.method, status });
    const kept = res.getHeader("x-origin-cache");
    if (kept === "hit" || kept === "miss") keptPageAnswers.inc({ result: kept });
    latency.observe({ route, method: req.method, status }, seconds);
    log.info(
      {
        reqId: requestId,
        method: req.method,
        route,
        status,
        durationMs: Math.round(seconds * 10_000) / 10,
        account: noted.account,
        completed: res.writableFinished,
      },
      "request",
    );
  });
  if (UNROUTABLE_METHODS.has((req.method ?? "").toUpperCase())) refuseMethod(req, res);
  // An anonymous visitor's public page gets the headers a shared cache may keep (docs/decisions/072).
  else if (isAnonymousPublicPage(req))
    // Pages kept at the origin (lib/http/server/kept-pages.ts, docs/decisions/094) are answered without Next.js.
    answerPublicPage(req, res, handle, keptPages.value).catch((error) => {
      log.error({ err: error, reqId: requestId }, "public page");
      res.destroy(error);
    });
  else {
    const path = pathOf(req.url ?? "/");
    // API answers go out whole, compressed here, in one write (lib/http/api-answer.mjs); the
    // gateway's public reads are answered by their handlers without Next.js (docs/decisions/103).
    if (isApiRequest(path)) answerApi(req, res, gatewayReadHandle(gatewayReads.value, req, path, API_ANSWER_HEADERS, failRead) ?? handle);
    else handle(req, res);
  }
});
// Idle keep-alive connections stay open longer than the clients and proxies in front keep theirs
// (load balancers 60 s, nginx's upstream pool): at Node's 5 s default, a request sent on a pooled
// connection just as this server closed it is reset (ECONNRESET) instead of answered.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.listen(port, hostname, () => {
  log.info({ port, hostname }, "listening");
  listened(selfOrigin(server.address()));
});
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    // Finish the requests in flight and the background work under way (the workers started by
    // instrumentation.ts leave their stop in a process slot), but not for long: the orchestrator is waiting.
    const stopWorkers =
      processSlot("workers.stop")
        .value?.()
        .catch((error) => log.error({ err: error }, "stopping workers")) ?? Promise.resolve();
    // The insights counted since the last flush are added to the store once the last request is answered.
    const flushInsights = () =>
      processSlot("insights.flush")
        .value?.()
        .catch((error) => log.error({ err: error }, "flushing insights")) ?? Promise.resolve();
    server.close(() => Promise.all([stopWorkers, flushInsights()]).finally(() => process.exit(0)));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 15_000).unref();
  });
}
