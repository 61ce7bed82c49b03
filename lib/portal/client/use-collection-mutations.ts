import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { CollectionRecord, CreateRequestInput, createResponseSchema } from "@/lib/schemas/create-request";
import type { DeletedCollection } from "@/lib/schemas/delete-collection";
import type { DeletedPerk } from "@/lib/schemas/delete-perk";
import type { PerkDoc, PerkInput } from "@/lib/schemas/perk";
import { collectionPayload, type CollectionFormOutput } from "@/lib/portal/collection-form";
import { RequestError } from "@/lib/http/client/fetch-json";
import { rememberDeleted } from "./deleted-collections";
import { sendWrite } from "./once-only-write";
import { patchCache } from "./patch-cache";
import { collectionRecordOptions, portalKeys } from "./queries";
import { afterCollectionSave, afterPerkRemoval, afterPerkSave } from "@/lib/portal/record-updates";

/*
 * Every write of the editors, and what each one changes in the cache. The record is updated from
 * the save's own answer rather than refetched: a refetch could slip someone else's change under
 * a form with unsaved edits, and the next save would then overwrite it with a matching Version.
 * The cached Version therefore only moves with this tab's own saves or an explicit reload, so a
 * save carrying it fails with 409 whenever anyone else saved in between.
 *
 * Every write is sent once-only (see once-only-write.ts): a double click or a retry of the same
 * change carries the same Idempotency-Key, so the partner's own first save can never come back
 * as a conflict with itself.
 */

type SaveResponse = z.output<typeof createResponseSchema>;
const save = (scope: string, body: CreateRequestInput) =>
  sendWrite<SaveResponse>(scope, "/api/portal/save", { method: "POST", json: body });

export const isConflict = (error: unknown) => error instanceof RequestError && error.code === "version_conflict";

function cachedRecord(queryClient: QueryClient, id: string): CollectionRecord {
  const record = queryClient.getQueryData<CollectionRecord>(portalKeys.record(id));
  if (!record) throw new Error(`collection ${id} is not loaded`);
  return record;
}

function updateRecord(queryClient: QueryClient, id: string, update: (record: CollectionRecord) => CollectionRecord) {
  // Not awaited: the record is already current, and the lists are on other pages.
  void patchCache(queryClient, portalKeys.record(id), update, portalKeys.collectionLists());
}

/** The stored collection as it is now, so a perk save can carry it unchanged with its Version. */
const storedCollection = (record: CollectionRecord) =>
  collectionPayload(record.nftData, { PlatformNFTId: record.nftData.PlatformNFTId, Version: record.nftData.Version });

export function useCreateCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: CollectionFormOutput) => save("create-collection", { nftData: collectionPayload(fields) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portalKeys.collectionLists() }),
  });
}

export function useSaveCollection(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: CollectionFormOutput) => {
      const { nftData } = cachedRecord(queryClient, id);
      return save(`save-collection:${id}`, { nftData: collectionPayload(fields, { PlatformNFTId: id, Version: nftData.Version }) });
    },
    onSuccess: (response, fields) =>
      updateRecord(queryClient, id, (record) => afterCollectionSave(record, fields, response.nftData?.Version ?? record.nftData.Version)),
  });
}

/** The body that saves one perk: the collection rides along unchanged for its Version check. */
export const perkSaveBody = (queryClient: QueryClient, id: string, perk: PerkInput): CreateRequestInput => ({
  nftData: storedCollection(cachedRecord(queryClient, id)),
  perkData: [perk],
});

/** Adds (no PlatformPerkId) or replaces one perk. */
export function useSavePerk(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (perk: PerkInput) => save(`save-perk:${id}:${perk.PlatformPerkId ?? "new"}`, perkSaveBody(queryClient, id, perk)),
    onSuccess: (response) =>
      updateRecord(queryClient, id, (record) => {
        const saved = response.perkData?.[0] as PerkDoc | undefined;
        return saved ? afterPerkSave(record, saved, response.nftData?.Version ?? record.nftData.Version) : record;
      }),
  });
}

export function useRemovePerk(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (perkId: string) => {
      const version = cachedRecord(queryClient, id).nftData.Version;
      const url = `/api/portal/collections/${encodeURIComponent(id)}/perks/${encodeURIComponent(perkId)}?Version=${version}`;
      return sendWrite<DeletedPerk>(`remove-perk:${id}:${perkId}`, url, { method: "DELETE" });
    },
    onSuccess: (removed) => updateRecord(queryClient, id, (record) => afterPerkRemoval(record, removed.PlatformPerkId, removed.Version)),
  });
}

/** Deletes the collection and its perks, refused (409) if it changed since this page read it. */
export function useDeleteCollection(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => {
      const version = cachedRecord(queryClient, id).nftData.Version;
      const url = `/api/portal/collections/${encodeURIComponent(id)}?Version=${version}`;
      return sendWrite<DeletedCollection>(`delete-collection:${id}`, url, { method: "DELETE" });
    },
    onSuccess: (answer) => {
      const title = queryClient.getQueryData<CollectionRecord>(portalKeys.record(id))?.nftData.Title ?? id;
      rememberDeleted(queryClient, { id, title, perks: answer.DeletedPerks });
      return queryClient.invalidateQueries({ queryKey: portalKeys.collectionLists() });
    },
  });
}

/** "Reload latest" after a conflict: the stored record, replacing whatever the cache held. */
export function useReloadRecord(id: string) {
  const queryClient = useQueryClient();
  return () => queryClient.fetchQuery({ ...collectionRecordOptions(id), staleTime: 0 });
}
