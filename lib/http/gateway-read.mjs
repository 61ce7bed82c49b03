// The production server's way to answer the gateway's public reads without Next.js (server.mjs,
// docs/decisions/103): the route handler lib/routes/gateway-reads.ts registered at start-up
// gets a Web Request made from the node:http request, and its Response is written to the
// node:http response with the headers Next.js would have added from next.config.js.
// Plain JavaScript, as server.mjs loads it outside Next.js's bundles.

/**
 * The node:http request `req` for `url` as the Web Request a route handler takes.
 * @param {import("node:http").IncomingMessage} req
 * @param {URL} url
 */
export function webRequestOf(req, url) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const each of value) headers.append(name, each);
    else if (value !== undefined) headers.set(name, value);
  }
  return new Request(url, { method: req.method, headers });
}

/**
 * Writes the handler's `answer` to `res`: `configHeaders` first (next.config.js's for the path),
 * then the answer's own status, headers (its cookies each their own) and body, in one end.
 * @param {Response} answer
 * @param {import("node:http").ServerResponse} res
 * @param {{ key: string, value: string }[]} configHeaders
 */
export async function writeAnswer(answer, res, configHeaders) {
  const body = answer.body ? Buffer.from(await answer.arrayBuffer()) : undefined;
  for (const { key, value } of configHeaders) res.setHeader(key, value);
  for (const [name, value] of answer.headers) if (name !== "set-cookie") res.setHeader(name, value);
  const cookies = answer.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
  res.statusCode = answer.status;
  res.end(body);
}

/**
 * The `handle` answerApi calls for a gateway read of `path`, or null when Next.js answers the
 * request: no handler was registered (`reads` is unset), the method is not GET or HEAD, `reads`
 * has no handler for the path, or the Host does not make a URL. The handler's answer is written
 * with `configHeaders`; `fail` gets any error that escaped it (route handlers answer their own).
 * @param {((path: string) => ((request: Request) => Promise<Response>) | null) | undefined} reads
 * @param {import("node:http").IncomingMessage} req
 * @param {string} path
 * @param {{ key: string, value: string }[]} configHeaders
 * @param {(error: unknown, res: import("node:http").ServerResponse) => void} fail
 * @returns {((req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => void) | null}
 */
export function gatewayReadHandle(reads, req, path, configHeaders, fail) {
  if (!reads || (req.method !== "GET" && req.method !== "HEAD")) return null;
  const read = reads(path);
  if (!read) return null;
  let url;
  try {
    url = new URL(req.url ?? "/", `http://${req.headers.host ?? "localhost"}`);
  } catch {
    return null;
  }
  return (req, res) => {
    read(webRequestOf(req, url))
      .then((answer) => writeAnswer(answer, res, configHeaders))
      .catch((error) => fail(error, res));
  };
}
