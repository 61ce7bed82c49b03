import { skipToken, useQuery, type QueryClient } from "@tanstack/react-query";
import type { ManagedListPage } from "@/lib/schemas/managed-collection";
import { portalKeys } from "./queries";

/** A collection this tab deleted: what its editor and My collections say about it. */
export type DeletedCollectionNotice = { id: string; title: string; perks: number };

const deletedKeys = {
  all: () => [...portalKeys.all, "deleted"] as const,
  one: (id: string) => [...deletedKeys.all(), "collection", id] as const,
  notice: () => [...deletedKeys.all(), "notice"] as const,
};

/**
 * Remembers a deletion for the rest of the tab's life: Back restores the editor from the router's
 * cache, with the record it was rendered with, so the editor asks here whether it is gone. The
 * cached list pages lose the row at once (their refetch then brings the true total).
 */
export function rememberDeleted(queryClient: QueryClient, gone: DeletedCollectionNotice) {
  queryClient.setQueryDefaults(deletedKeys.all(), { gcTime: Infinity, staleTime: Infinity });
  queryClient.setQueryData(deletedKeys.one(gone.id), gone);
  queryClient.setQueryData(deletedKeys.notice(), gone);
  queryClient.setQueriesData<ManagedListPage>({ queryKey: portalKeys.collectionLists() }, (page) =>
    page && page.collections.some((row) => row.id === gone.id)
      ? { ...page, total: page.total - 1, collections: page.collections.filter((row) => row.id !== gone.id) }
      : page,
  );
}

/** The deletion of this collection by this tab, if it happened. */
export function useDeletedCollection(id: string): DeletedCollectionNotice | undefined {
  return useQuery<DeletedCollectionNotice>({ queryKey: deletedKeys.one(id), queryFn: skipToken, staleTime: Infinity, gcTime: Infinity })
    .data;
}

/** The latest deletion, for My collections to confirm once. */
export const deletionNotice = (queryClient: QueryClient) => queryClient.getQueryData<DeletedCollectionNotice>(deletedKeys.notice());

/** My collections has said it: a later visit does not repeat it. */
export const forgetDeletionNotice = (queryClient: QueryClient) => queryClient.removeQueries({ queryKey: deletedKeys.notice() });
