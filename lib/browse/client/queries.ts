import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { fetchJson, retryUnlessClientError } from "@/lib/http/client/fetch-json";
import type { BrowseResult } from "@/lib/schemas/browse-card";
import { browseSearchParams, type BrowseInput } from "@/lib/browse/url-state";
import type { PerkDoc } from "@/lib/schemas/perk";

/** Every react-query key of the browser comes from here, so invalidation can name them. */
export const browseKeys = {
  all: ["browse"] as const,
  searches: () => [...browseKeys.all, "search"] as const,
  search: (input: BrowseInput) => [...browseKeys.searches(), input] as const,
  perk: (collectionId: string, perkId: string) => [...browseKeys.all, "perk", collectionId, perkId] as const,
};

export function searchUrl(input: BrowseInput): string {
  return `/api/search?${new URLSearchParams(browseSearchParams(input))}`;
}

export const browseSearchOptions = (input: BrowseInput) =>
  queryOptions({
    queryKey: browseKeys.search(input),
    // Our own route answers this shape; the zod schema checks it in the route's tests, not here,
    // to keep zod out of the browser bundle.
    queryFn: ({ signal }) => fetchJson<BrowseResult>(searchUrl(input), { signal }),
    // While the next page or search loads, the last results stay on screen (dimmed).
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: retryUnlessClientError,
  });

/** One perk of a collection page, whole: what its "Show more" shows. */
export const publicPerkOptions = (collectionId: string, perkId: string) =>
  queryOptions({
    queryKey: browseKeys.perk(collectionId, perkId),
    queryFn: ({ signal }) =>
      fetchJson<PerkDoc>(`/api/collections/${encodeURIComponent(collectionId)}/perks/${encodeURIComponent(perkId)}`, { signal }),
    staleTime: 30_000,
    retry: retryUnlessClientError,
  });
