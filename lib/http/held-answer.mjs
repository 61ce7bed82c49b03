// Holding what Next.js writes to a response until the answer is complete, so the production
// server (server.mjs) can decide its headers and encoding once and send it in one write. Plain
// JavaScript, as server.mjs loads it outside Next.js's bundles.

/** The callback among a write's or an end's arguments, if any. */
export const callbackOf = (...args) => args.find((arg) => typeof arg === "function");

/** A written chunk as bytes. */
export const toBuffer = (chunk, encoding) =>
  Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, typeof encoding === "string" ? encoding : "utf8");

/**
 * Takes over `res`'s writeHead, flushHeaders, write and end: the status and headers are only
 * recorded and the body collected, until the handler ends the answer (`finish` gets the whole
 * body and the handler's end callback, with `res`'s own methods back) or, when `passThrough`
 * says so at its first write, or when more than `limit` bytes arrive, the answer goes out as it
 * is written from then on (`overflow` gets what was held and writes it).
 * @param {import("node:http").ServerResponse} res
 * @param {{
 *   finish: (body: Buffer, done?: () => void) => void,
 *   limit?: number,
 *   passThrough?: (res: import("node:http").ServerResponse) => boolean,
 *   overflow?: (held: Buffer[]) => boolean,
 * }} options
 */
export function holdAnswer(res, { finish, limit = Infinity, passThrough = () => false, overflow }) {
  const chunks = [];
  let held = 0;
  let decided = false;
  const original = { write: res.write, end: res.end, writeHead: res.writeHead, flushHeaders: res.flushHeaders };
  const release = () => Object.assign(res, original);
  /** Whether the answer stops being held now, before this write: a streamed type. */
  const passesOnFirstWrite = () => {
    if (decided) return false;
    decided = true;
    if (!passThrough(res)) return false;
    release();
    return true;
  };
  const collect = (chunk, encoding) => {
    if (chunk === undefined || chunk === null || typeof chunk === "function") return;
    const buffer = toBuffer(chunk, encoding);
    chunks.push(buffer);
    held += buffer.length;
  };
  res.writeHead = function writeHead(status, ...rest) {
    res.statusCode = status;
    const headers = rest.find((arg) => arg && typeof arg === "object");
    if (Array.isArray(headers)) for (let i = 0; i + 1 < headers.length; i += 2) res.setHeader(headers[i], headers[i + 1]);
    else if (headers) for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
    return res;
  };
  res.flushHeaders = function flushHeaders() {
    if (passesOnFirstWrite()) res.flushHeaders();
  };
  res.write = function write(chunk, encoding, callback) {
    if (passesOnFirstWrite()) return res.write(chunk, encoding, callback);
    collect(chunk, encoding);
    if (held > limit && overflow) {
      release();
      const ok = overflow(chunks.splice(0));
      callbackOf(encoding, callback)?.();
      return ok;
    }
    callbackOf(encoding, callback)?.();
    return true;
  };
  res.end = function end(chunk, encoding, callback) {
    decided = true;
    collect(chunk, encoding);
    release();
    finish(Buffer.concat(chunks), callbackOf(chunk, encoding, callback));
    return res;
  };
}

/**
 * `current` (a Vary header's value) with `names` added, each once whatever its case.
 * @param {unknown} current
 * @param {string[]} names
 */
export function varyWith(current, names) {
  const listed = String(current ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  const seen = new Set(listed.map((name) => name.toLowerCase()));
  return [...listed, ...names.filter((name) => !seen.has(name.toLowerCase()))].join(", ");
}

/**
 * Whether an Accept-Encoding header takes `coding` (RFC 9110, section 12.5.3): its own entry's
 * weight if it has one, else the `*` entry's, and `q=0` means "not this one"; `x-gzip` is gzip
 * (section 8.4.1.3). A client that names none of them takes only the identity.
 * @param {unknown} accepted the header's value
 * @param {string} coding a lower-case content coding, such as "gzip" or "br"
 */
export function takesEncoding(accepted, coding) {
  let wildcard;
  for (const part of String(accepted ?? "").split(",")) {
    const [raw = "", ...params] = part
      .toLowerCase()
      .split(";")
      .map((piece) => piece.trim());
    const name = raw === "x-gzip" ? "gzip" : raw;
    const q = params.map((param) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    if (name === coding) return weight > 0;
    if (name === "*") wildcard = weight > 0;
  }
  return wildcard ?? false;
}
