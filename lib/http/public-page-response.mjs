// The production server's handling of an anonymous public page (server.mjs): Next.js renders it
// as for anyone, its answer is held until complete, then given the headers a shared cache needs
// (lib/http/public-pages.mjs). Plain JavaScript, as server.mjs loads it outside Next.js's bundles.
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { hashInlineScripts, PRIVATE_CACHE_CONTROL, PUBLIC_VARY, publicCacheControl } from "./public-pages.mjs";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
// Quality 5: most of brotli's gain at a fraction of its top level's time (a miss compresses once).
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

function varyWith(current, names) {
  const listed = String(current ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  const seen = new Set(listed.map((name) => name.toLowerCase()));
  return [...listed, ...names.filter((name) => !seen.has(name.toLowerCase()))].join(", ");
}

/** The encoding to send, from what the client accepts: brotli, gzip or none. */
function encodingFor(accepted) {
  const offered = String(accepted ?? "").toLowerCase();
  if (/\bbr\b/.test(offered)) return "br";
  if (/\bgzip\b/.test(offered)) return "gzip";
  return null;
}

/**
 * The answer as Next.js finished it, made public or private. An HTML page trades its nonce for
 * hashes of its own inline scripts; without a nonce to trade it stays private.
 */
async function finish(res, body, encoding, isHead) {
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
  if (encoding && out.length > 0 && !res.hasHeader("content-encoding")) {
    out = encoding === "br" ? await brotli(out, BROTLI_OPTIONS) : await gzipped(out);
    res.setHeader("Content-Encoding", encoding);
  }
  res.removeHeader("transfer-encoding");
  if (!isHead) res.setHeader("Content-Length", out.length);
  return out;
}

/**
 * Lets Next.js answer `req`, holding what it writes: the status and headers are decided once the
 * whole page is known. The request reaches Next.js without Accept-Encoding, so the page is held
 * as text; it is compressed here afterwards, as Next.js would have.
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 * @param {(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => unknown} handle
 */
export function answerPublicPage(req, res, handle) {
  const encoding = encodingFor(req.headers["accept-encoding"]);
  delete req.headers["accept-encoding"];
  const isHead = req.method === "HEAD";
  const chunks = [];
  const original = { write: res.write, end: res.end, writeHead: res.writeHead, flushHeaders: res.flushHeaders };
  const collect = (chunk, chunkEncoding) => {
    if (chunk === undefined || chunk === null || typeof chunk === "function") return;
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, typeof chunkEncoding === "string" ? chunkEncoding : "utf8"));
  };
  const callbackOf = (...args) => args.find((arg) => typeof arg === "function");
  res.writeHead = function writeHead(status, ...rest) {
    res.statusCode = status;
    const headers = rest.find((arg) => arg && typeof arg === "object");
    if (Array.isArray(headers)) for (let i = 0; i + 1 < headers.length; i += 2) res.setHeader(headers[i], headers[i + 1]);
    else if (headers) for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
    return res;
  };
  res.flushHeaders = () => {};
  res.write = function write(chunk, chunkEncoding, callback) {
    collect(chunk, chunkEncoding);
    callbackOf(chunkEncoding, callback)?.();
    return true;
  };
  res.end = function end(chunk, chunkEncoding, callback) {
    collect(chunk, chunkEncoding);
    const done = callbackOf(chunk, chunkEncoding, callback);
    Object.assign(res, original);
    finish(res, Buffer.concat(chunks), encoding, isHead).then(
      (body) => res.end(isHead ? undefined : body, done),
      (error) => res.destroy(error),
    );
    return res;
  };
  return handle(req, res);
}
