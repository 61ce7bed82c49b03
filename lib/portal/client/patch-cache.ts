import type { QueryClient, QueryKey } from "@tanstack/react-query";

/**
 * Puts a write's own answer into a cached query at once, then marks `stale` for a refetch in the
 * background. Nothing is written into a query that was never loaded; a first load still under way
 * may have been read before the write, and a refetch would only join it, so it is cancelled and
 * asked again (a key minted while the list was loading was otherwise missing from it).
 */
export async function patchCache<T>(queryClient: QueryClient, queryKey: QueryKey, update: (cached: T) => T, stale: QueryKey = queryKey) {
  queryClient.setQueryData<T>(queryKey, (cached) => (cached ? update(cached) : cached));
  await queryClient.cancelQueries({ queryKey: stale, predicate: (query) => query.state.data === undefined });
  return queryClient.invalidateQueries({ queryKey: stale });
}
