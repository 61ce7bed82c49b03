import "server-only";

/** Set by server.mjs on every request, replacing any a client sent. */
export const REQUEST_KEY_HEADER = "x-uds-request-key";

type Facts = { route?: string; account?: string };

/**
 * What only a route handler knows about a request (its route pattern, the account behind it),
 * handed to the production server, which writes the one log line and the metrics per request.
 * The server creates the entry when the request arrives and removes it when the answer is sent;
 * without that server (tests, `next dev`) there is no entry and nothing is kept.
 */
const holder = globalThis as unknown as { __udsRequestFacts?: Map<string, Facts> };

export function noteRequest(request: Request, facts: Facts): void {
  const id = request.headers.get(REQUEST_KEY_HEADER);
  const entry = id ? holder.__udsRequestFacts?.get(id) : undefined;
  if (entry) Object.assign(entry, facts);
}

/** The route pattern of a request, rebuilt from its path and the params Next.js matched. */
export function routeOf(request: Request, params: unknown): string {
  const values = new Map(Object.entries(params ?? {}).map(([name, value]) => [encodeURIComponent(String(value)), name]));
  return new URL(request.url).pathname
    .split("/")
    .map((segment) => {
      const name = values.get(segment) ?? values.get(encodeURIComponent(decodeURIComponentSafe(segment)));
      return name ? `[${name}]` : segment;
    })
    .join("/");
}

function decodeURIComponentSafe(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
