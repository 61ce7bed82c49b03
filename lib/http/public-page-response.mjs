// The production server's handling of an anonymous public page (server.mjs): Next.js renders it
// as for anyone, its answer is held until complete, then given the headers a shared cache needs
// (lib/http/public-pages.mjs). Plain JavaScript, as server.mjs loads it outside Next.js's bundles.
import { promisify } from "node:util";
import { brotliCompress, brotliDecompress, constants, gzip } from "node:zlib";
import { holdAnswer, takesEncoding, varyWith } from "./held-answer.mjs";
import { hashInlineScripts, PRIVATE_CACHE_CONTROL, PUBLIC_VARY, publicCacheControl } from "./public-pages.mjs";

const brotli = promisify(brotliCompress);
const unbrotli = promisify(brotliDecompress);
const gzipped = promisify(gzip);
// Quality 5: most of brotli's gain at a fraction of its top level's time (a miss compresses once).
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

/** The encoding to send, from what the client accepts: brotli, gzip or none. */
function encodingFor(accepted) {
  if (takesEncoding(accepted, "br")) return "br";
  if (takesEncoding(accepted, "gzip")) return "gzip";
  return null;
}

/**
 * The answer as Next.js finished it, made public or private. An HTML page trades its nonce for
 * hashes of its own inline scripts; without a nonce to trade it stays private.
 */
async function finish(res, body, encoding, isHead, kept) {
  const type = String(res.getHeader("content-type") ?? "");
  const html = type.startsWith("text/html");
  const pageLike = html || type.startsWith("text/x-component") || (res.statusCode >= 300 && res.statusCode < 400);
  let cacheControl = pageLike ? publicCacheControl(res.statusCode, res.hasHeader("set-cookie")) : PRIVATE_CACHE_CONTROL;
  let out = body;
  if (html && !isHead && cacheControl !== PRIVATE_CACHE_CONTROL) {
    const hashed = hashInlineScripts(body.toString("utf8"), String(res.getHeader("content-security-policy") ?? ""));
    if (hashed) {
      out = Buffer.from(hashed.html, "utf8");
      res.setHeader("Content-Security-Policy", hashed.policy);
      // Preload hints name the nonce too: one copy for everyone names none.
      const link = res.getHeader("link");
      if (link) res.setHeader("Link", String(link).replace(/; nonce="[^"]*"/g, ""));
    } else cacheControl = PRIVATE_CACHE_CONTROL;
  }
  if (html && isHead && cacheControl !== PRIVATE_CACHE_CONTROL) {
    // No markup, so no script to allow: the policy a HEAD answer shows names none.
    const hashed = hashInlineScripts("", String(res.getHeader("content-security-policy") ?? ""));
    if (hashed) res.setHeader("Content-Security-Policy", hashed.policy);
    else cacheControl = PRIVATE_CACHE_CONTROL;
  }
  res.setHeader("Cache-Control", cacheControl);
  if (cacheControl !== PRIVATE_CACHE_CONTROL) res.setHeader("Vary", varyWith(res.getHeader("vary"), PUBLIC_VARY));
  const keeping = kept && html && !isHead && KEPT_STATUSES.has(res.statusCode) && cacheControl !== PRIVATE_CACHE_CONTROL;
  const compressed = keeping ? await brotli(out, BROTLI_OPTIONS).catch(() => null) : null;
  const page = compressed ? keptPage(res, compressed, out.length) : null;
  if (kept) {
    res.setHeader("X-Origin-Cache", "miss");
    settle(kept, page);
  }
  if (encoding && out.length > 0 && !res.hasHeader("content-encoding")) {
    out = encoding === "br" && compressed ? compressed : await compress(out, encoding);
    res.setHeader("Content-Encoding", encoding);
  }
  res.removeHeader("transfer-encoding");
  if (!isHead) res.setHeader("Content-Length", out.length);
  return out;
}

/** What a kept page may be: a page or its 404, the answers a new render of the same URL gives. */
const KEPT_STATUSES = new Set([200, 404]);
/** Headers of one request rather than of the page: set again, or not at all, for each answer. */
const PER_REQUEST_HEADERS = new Set([
  "x-request-id",
  "strict-transport-security",
  "date",
  "age",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "set-cookie",
  "x-origin-cache",
]);

const compress = (body, encoding) => (encoding === "br" ? brotli(body, BROTLI_OPTIONS) : gzipped(body));

/** The finished answer as a page to keep: its status, the page's own headers and the markup, compressed. */
function keptPage(res, brotliBody, length) {
  const headers = [];
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (value !== undefined && !PER_REQUEST_HEADERS.has(name))
      headers.push([name, Array.isArray(value) ? value.join(", ") : String(value)]);
  }
  return { status: res.statusCode, headers, brotli: brotliBody, length, storedAt: Date.now() };
}

/** Hands the keeper this render's page, or null (not kept, or never finished), once. */
function settle(kept, page) {
  if (kept.settled) return;
  kept.settled = true;
  kept.keeper.keep(kept.key, page, kept.req);
}

/**
 * A kept page's body in `encoding`. Only the brotli copy is kept (about an eighth of the markup's
 * size, so eight times the pages fit in PAGE_KEEP_MB); the few clients that take no brotli get the
 * markup made from it.
 */
async function bodyIn(page, encoding) {
  if (encoding === "br") return page.brotli;
  const html = await unbrotli(page.brotli);
  return encoding ? compress(html, encoding) : html;
}

/**
 * Answers from a kept page: its headers, its age, and its body in the encoding the client takes.
 * `current`: the keeper found what the page shows unchanged at this request, so it is as new as a
 * render (Age 0); otherwise its age is the time since it was rendered.
 */
async function sendKept(req, res, page, current) {
  const encoding = page.length > 0 ? encodingFor(req.headers["accept-encoding"]) : null;
  const body = await bodyIn(page, encoding);
  res.statusCode = page.status;
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("Age", current ? "0" : String(Math.max(0, Math.floor((Date.now() - page.storedAt) / 1000))));
  res.setHeader("X-Origin-Cache", "hit");
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.end(body);
}

/** A request for the page's document: not its RSC payload, a prefetch, nor a HEAD. */
const NOT_THE_DOCUMENT = ["rsc", "next-router-state-tree", "next-router-prefetch", "next-router-segment-prefetch", "next-url"];
const asksForTheDocument = (req) => req.method === "GET" && NOT_THE_DOCUMENT.every((name) => req.headers[name] === undefined);

/**
 * The kept page for `req`, if `keeper` has one (lib/http/server/kept-pages.ts): its key, and the
 * page or the read budget's refusal. A keeper that fails leaves the page to be rendered.
 */
async function lookUp(req, keeper) {
  if (!keeper || !asksForTheDocument(req)) return null;
  try {
    return await keeper.find(req);
  } catch {
    return null;
  }
}

/**
 * Lets Next.js answer `req`, holding what it writes: the status and headers are decided once the
 * whole page is known. The request reaches Next.js without Accept-Encoding, so the page is held
 * as text; it is compressed here afterwards, as Next.js would have.
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 * @param {(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => unknown} handle
 * @param {import("./public-page-response.d.mts").PageKeeper} [keeper] pages kept at the origin, if any
 */
export async function answerPublicPage(req, res, handle, keeper) {
  const found = await lookUp(req, keeper);
  if (found?.page) return sendKept(req, res, found.page, found.current === true);
  if (found?.refusal) {
    res.statusCode = found.refusal.status;
    for (const [name, value] of found.refusal.headers) res.setHeader(name, value);
    // As a rendered 429 would be: never kept by anyone.
    res.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
    return res.end(found.refusal.body);
  }
  const kept = found ? { keeper, key: found.key, req, settled: false } : null;
  // Views waiting for this render must not wait for ever when it fails or its client goes away.
  if (kept) res.once("close", () => settle(kept, null));
  const encoding = encodingFor(req.headers["accept-encoding"]);
  delete req.headers["accept-encoding"];
  const isHead = req.method === "HEAD";
  holdAnswer(res, {
    finish: (body, done) =>
      finish(res, body, encoding, isHead, kept).then(
        (out) => res.end(isHead ? undefined : out, done),
        (error) => res.destroy(error),
      ),
  });
  return handle(req, res);
}
