import "server-only";
import { processSlot } from "@/lib/process-slot";
import type { AppearanceRef } from "@/lib/schemas/insights";

/** Set by server.mjs on every request, replacing any a client sent. */
export const REQUEST_KEY_HEADER = "x-uds-request-key";

/**
 * `freshUntil`: until when (epoch ms) a search page's answer may be shown again as it is,
 * `exactAt`: the database snapshot its answers are all exact for ("" when none), `since`: when
 * the first of them was computed, and the appearances it counted, for the server's kept pages
 * (lib/http/server/kept-pages.ts, docs/decisions/094 and 099).
 */
export type Facts = {
  route?: string;
  account?: string;
  freshUntil?: number;
  exactAt?: string;
  since?: number;
  /** The search appearances a search page's render counted (lib/insights/counter.ts), counted again per kept view. */
  appearances?: AppearanceRef[];
};

/**
 * What only a route handler knows about a request (its route pattern, the account behind it),
 * handed to the production server, which writes the one log line and the metrics per request.
 * The server creates the entry when the request arrives and removes it when the answer is sent;
 * without that server (tests, `next dev`) there is no entry and nothing is kept.
 */
const requestFacts = processSlot<Map<string, Facts>>("request-facts");

export function noteRequest(request: Request, facts: Facts): void {
  noteRequestHeaders(request.headers, facts);
}

/** As `noteRequest`, from the request's headers (a page has `headers()`, not the request). */
export function noteRequestHeaders(headers: Pick<Headers, "get">, facts: Facts): void {
  const id = headers.get(REQUEST_KEY_HEADER);
  const entry = id ? requestFacts.value?.get(id) : undefined;
  if (entry) Object.assign(entry, facts);
}

/** The facts noted of the request `server.mjs` keyed `id`, while it is being answered. */
export function factsOf(id: string): Facts | undefined {
  return requestFacts.value?.get(id);
}

/**
 * The route pattern of a request, rebuilt from its path and the params Next.js matched. Each
 * segment is compared decoded, as Next.js matched it: `/api/portal/%63ollections` reached the
 * collections route and is labelled `/api/portal/collections`, not by its spelling. The
 * production server still keeps only labels that name one of the build's routes.
 */
export function routeOf(request: Request, params: unknown): string {
  const names = new Map<string, string>();
  for (const [name, value] of Object.entries(params ?? {})) if (typeof value === "string") names.set(value, name);
  return new URL(request.url).pathname
    .split("/")
    .map((segment) => {
      const decoded = decodeURIComponentSafe(segment);
      const name = names.get(decoded);
      return name ? `[${name}]` : decoded;
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
