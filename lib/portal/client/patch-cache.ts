import type { QueryClient, QueryKey } from "@tanstack/react-query";

/**
 * Puts a write's own answer into a cached query at once, then marks `stale` for a refetch in the
 * background. Nothing is written into a query that was never loaded: its first fetch will have it.
 */
export function patchCache<T>(queryClient: QueryClient, queryKey: QueryKey, update: (cached: T) => T, stale: QueryKey = queryKey) {
  queryClient.setQueryData<T>(queryKey, (cached) => (cached ? update(cached) : cached));
  return queryClient.invalidateQueries({ queryKey: stale });
}
