import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { fetchJson, retryUnlessClientError } from "@/lib/http/client/fetch-json";
import type { ChainFacts } from "@/lib/schemas/chain-facts";
import { sendWrite } from "./once-only-write";
import { portalKeys } from "./queries";

const chainKey = (id: string) => [...portalKeys.all, "chain", id] as const;
const at = (id: string) => `/api/portal/collections/${encodeURIComponent(id)}/chain`;

export const chainFactsOptions = (id: string) =>
  queryOptions({
    queryKey: chainKey(id),
    queryFn: ({ signal }) => fetchJson<ChainFacts>(at(id), { signal }),
    retry: retryUnlessClientError,
    // A sync in progress changes the facts on its own: the panel follows it while it is Updating without a reason.
    refetchInterval: (query) =>
      query.state.data?.syncable && query.state.data.status === "Updating" && !query.state.data.reason ? 3_000 : false,
  });

/** "Sync now": queues an attempt, then reads the facts again. */
export function useSyncNow(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendWrite<{ queued: true }>(`sync-now-${id}`, `${at(id)}/sync`, { method: "POST" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chainKey(id) }),
  });
}
