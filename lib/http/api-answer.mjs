// The production server's handling of an API answer (server.mjs): held until complete, compressed
// in one step and sent with its length in one write. Next.js's own way sends the headers, then
// each compressed piece, then a chunked-encoding end, each in a write of its own: four writes,
// each waking the client, for a search answer (docs/performance.md, "API answers in one write").
// Plain JavaScript, as server.mjs loads it outside Next.js's bundles.
import { constants, createGzip, gzip as gzipAsync, gzipSync } from "node:zlib";
import { callbackOf, holdAnswer, takesEncoding, toBuffer, varyWith } from "./held-answer.mjs";

/** The API's paths: JSON answers, CSV and JSON exports, an import's progress. */
const API_PATH = /^\/(?:api|api-gateway)(?:\/|$)/;

/**
 * An answer larger than this is streamed as it is written (a team's export): never more than this
 * much of one answer is held in memory.
 */
export const HOLD_BYTES = 256 * 1024;
/** Smaller answers go uncompressed, as with Next.js's compression (its 1 kB threshold). */
export const COMPRESS_FROM_BYTES = 1024;
/**
 * Answers up to this size are gzipped on the event loop: a 20 kB search answer takes about a tenth
 * of a millisecond, less than handing it to the thread pool and back costs the process (measured
 * in docs/performance.md, "Small answers gzipped in place"). Larger ones go to the thread pool.
 */
export const INLINE_GZIP_BYTES = 64 * 1024;

/** Answers written a line at a time for the reader to see as they come: never held nor compressed. */
const STREAMED_TYPE = /^(?:application\/x-ndjson|text\/event-stream)\b/i;
const COMPRESSIBLE_TYPE = /^(?:text\/|application\/(?:json|[\w.+-]+\+json|xml|[\w.+-]+\+xml|javascript))/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
/** Statuses whose answers have no body to count or compress. */
const BODILESS = new Set([204, 304]);

/**
 * Whether a request for `path` (its URL's path) is an API request, answered here.
 * @param {string} path
 */
export const isApiRequest = (path) => API_PATH.test(path);

/** Whether the answer's type and Cache-Control allow compressing it (the Vary header says it may differ). */
function compressible(res) {
  if (!COMPRESSIBLE_TYPE.test(String(res.getHeader("content-type") ?? ""))) return false;
  return !NO_TRANSFORM.test(String(res.getHeader("cache-control") ?? ""));
}

/**
 * Lets Next.js answer the API request `req` with `handle`, holding what it writes: once complete,
 * the body is gzipped (when the client takes it, the type is text and it is at least 1 kB) and sent
 * with its Content-Length in one write. An import's progress lines go out as they come; an answer
 * over HOLD_BYTES is streamed from there on, gzipped as it goes.
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 * @param {(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => unknown} handle
 */
export function answerApi(req, res, handle) {
  const gzip = takesEncoding(req.headers["accept-encoding"], "gzip");
  // Next.js would compress the answer as it streams it; it is compressed here instead.
  delete req.headers["accept-encoding"];
  const isHead = req.method === "HEAD";
  holdAnswer(res, {
    limit: HOLD_BYTES,
    passThrough: () => STREAMED_TYPE.test(String(res.getHeader("content-type") ?? "")),
    finish: (body, done) => {
      const hasBody = !isHead && !BODILESS.has(res.statusCode);
      // A HEAD answer carries the headers its GET would, Vary included.
      const varies = !BODILESS.has(res.statusCode) && !res.hasHeader("content-encoding") && compressible(res);
      if (varies) res.setHeader("Vary", varyWith(res.getHeader("vary"), ["Accept-Encoding"]));
      const mayCompress = hasBody && varies;
      const send = (out) => {
        if (hasBody) {
          res.removeHeader("transfer-encoding");
          res.setHeader("Content-Length", out.length);
        }
        res.end(isHead ? undefined : out, done);
      };
      if (!(mayCompress && gzip && body.length >= COMPRESS_FROM_BYTES)) return send(body);
      const sendGzipped = (out) => {
        res.setHeader("Content-Encoding", "gzip");
        send(out);
      };
      if (body.length <= INLINE_GZIP_BYTES) return sendGzipped(gzipSync(body));
      // On the thread pool: the event loop goes on with other requests meanwhile.
      gzipAsync(body, (error, out) => (error ? res.destroy(error) : sendGzipped(out)));
    },
    overflow: (held) => streamOn(res, held, gzip && compressible(res) && !res.hasHeader("content-encoding")),
  });
  return handle(req, res);
}

/**
 * An answer too large to hold: `held` and everything after it goes out as written, through a gzip
 * stream when `gzip`. Returns whether more may be written now (false: wait for "drain").
 * @param {import("node:http").ServerResponse} res
 * @param {Buffer[]} held
 * @param {boolean} gzip
 */
function streamOn(res, held, gzip) {
  res.removeHeader("content-length");
  if (!gzip) {
    let ok = true;
    for (const chunk of held) ok = res.write(chunk);
    return ok;
  }
  res.setHeader("Vary", varyWith(res.getHeader("vary"), ["Accept-Encoding"]));
  res.setHeader("Content-Encoding", "gzip");
  const stream = createGzip({ flush: constants.Z_NO_FLUSH });
  const { write, end } = res;
  stream.on("data", (chunk) => {
    if (!write.call(res, chunk)) stream.pause();
  });
  res.on("drain", () => stream.resume());
  // The handler waits for the response's "drain" when a write returns false: the stream's is it.
  stream.on("drain", () => res.emit("drain"));
  stream.on("end", () => end.call(res));
  stream.on("error", (error) => res.destroy(error));
  res.write = (chunk, encoding, callback) => stream.write(toBuffer(chunk, encoding), callbackOf(encoding, callback));
  res.end = (chunk, encoding, callback) => {
    const done = callbackOf(chunk, encoding, callback);
    if (done) res.once("finish", done);
    if (chunk !== undefined && chunk !== null && typeof chunk !== "function") stream.end(toBuffer(chunk, encoding));
    else stream.end();
    return res;
  };
  let ok = true;
  for (const chunk of held) ok = stream.write(chunk);
  return ok;
}
