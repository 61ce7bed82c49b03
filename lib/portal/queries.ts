import { queryOptions } from "@tanstack/react-query";
import type { ApiKeySummary } from "@/lib/auth/api-keys";
import type { CollectionRecord } from "@/lib/schemas/create-request";
import type { ManagedCollection } from "@/lib/schemas/managed-collection";
import { fetchJson, retryUnlessClientError } from "@/lib/http/fetch-json";

/** What JSON makes of a server type: dates arrive as ISO strings. */
export type Wire<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };

export type ApiKeyRow = Wire<ApiKeySummary>;

/** Every react-query key of the portal comes from here, so invalidation can name exactly what changed. */
export const portalKeys = {
  all: ["portal"] as const,
  collectionLists: () => [...portalKeys.all, "collections"] as const,
  collectionList: (text: string) => [...portalKeys.collectionLists(), { text }] as const,
  records: () => [...portalKeys.all, "record"] as const,
  record: (id: string) => [...portalKeys.records(), id] as const,
  keys: () => [...portalKeys.all, "keys"] as const,
};

export const managedCollectionsOptions = (text: string) =>
  queryOptions({
    queryKey: portalKeys.collectionList(text),
    queryFn: ({ signal }) =>
      fetchJson<{ collections: ManagedCollection[] }>(`/api/portal/collections?q=${encodeURIComponent(text)}`, { signal }),
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
