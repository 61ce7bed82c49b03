import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { BrowseResult } from "./cards";
import type { BrowseInput } from "./url-state";

/** Every react-query key of the browser comes from here, so invalidation can name them. */
export const browseKeys = {
  all: ["browse"] as const,
  searches: () => [...browseKeys.all, "search"] as const,
  search: (input: BrowseInput) => [...browseKeys.searches(), input] as const,
};

/** A failed `/api/search` call, with the service's own `{"error"}` message. */
export class BrowseRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "BrowseRequestError";
  }
}

export function searchUrl(input: BrowseInput): string {
  const params = new URLSearchParams();
  if (input.query) params.set("query", input.query);
  if (input.category) params.set("category", input.category);
  if (input.page > 1) params.set("pageNum", String(input.page));
  const query = params.toString();
  return query ? `/api/search?${query}` : "/api/search";
}

async function fetchBrowse(input: BrowseInput, signal: AbortSignal): Promise<BrowseResult> {
  const response = await fetch(searchUrl(input), { signal, headers: { accept: "application/json" } });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message = (body as { error?: unknown } | null)?.error;
    throw new BrowseRequestError(response.status, typeof message === "string" ? message : response.statusText);
  }
  // Our own route answers this shape; the zod schema checks it in the route's tests, not here,
  // to keep zod out of the browser bundle.
  return body as BrowseResult;
}

export const browseSearchOptions = (input: BrowseInput) =>
  queryOptions({
    queryKey: browseKeys.search(input),
    queryFn: ({ signal }) => fetchBrowse(input, signal),
    // While the next page or search loads, the last results stay on screen (dimmed).
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    // A 4xx will not change on retry; only network blips and 5xx are worth another try.
    retry: (failures, error) => failures < 2 && !(error instanceof BrowseRequestError && error.status < 500),
  });
