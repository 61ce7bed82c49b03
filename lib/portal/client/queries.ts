import { queryOptions } from "@tanstack/react-query";
import type { ApiKeyRow } from "@/lib/schemas/account";
import type { CollectionRecord } from "@/lib/schemas/create-request";
import { fetchJson, retryUnlessClientError } from "@/lib/http/client/fetch-json";
import { managedListApiUrl } from "@/lib/portal/managed-list";
import type { ManagedListInput } from "@/lib/schemas/managed-list";
import type { ManagedListPage } from "@/lib/schemas/managed-collection";

/** Every react-query key of the portal comes from here, so invalidation can name exactly what changed. */
export const portalKeys = {
  all: ["portal"] as const,
  collectionLists: () => [...portalKeys.all, "collections"] as const,
  collectionList: (input: ManagedListInput) => [...portalKeys.collectionLists(), input] as const,
  records: () => [...portalKeys.all, "record"] as const,
  record: (id: string) => [...portalKeys.records(), id] as const,
  keys: () => [...portalKeys.all, "keys"] as const,
  team: () => [...portalKeys.all, "team"] as const,
};

export const managedCollectionsOptions = (input: ManagedListInput) =>
  queryOptions({
    queryKey: portalKeys.collectionList(input),
    queryFn: ({ signal }) => fetchJson<ManagedListPage>(managedListApiUrl(input), { signal }),
    retry: retryUnlessClientError,
  });

export const collectionRecordOptions = (id: string) =>
  queryOptions({
    queryKey: portalKeys.record(id),
    queryFn: ({ signal }) => fetchJson<CollectionRecord>(`/api/portal/collections/${encodeURIComponent(id)}`, { signal }),
    retry: retryUnlessClientError,
    // An editor must not swap the record under a person typing; it reloads on demand (409).
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export const apiKeysOptions = () =>
  queryOptions({
    queryKey: portalKeys.keys(),
    queryFn: ({ signal }) => fetchJson<{ keys: ApiKeyRow[] }>("/api/portal/keys", { signal }),
    retry: retryUnlessClientError,
  });
