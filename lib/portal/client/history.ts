import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { EDITABLE, fieldLabel } from "@/lib/history/field-labels";
import { fetchJson, retryUnlessClientError } from "@/lib/http/client/fetch-json";
import type { CreateRequestInput } from "@/lib/schemas/create-request";
import type { DryRunResult, HistoryEntry, HistoryPage } from "@/lib/schemas/history";
import { portalKeys } from "./queries";

/**
 * A page of a collection's history. The Version is part of the key: every save of this tab moves
 * it, so the list follows the page's own saves without refetching under anyone's feet.
 */
export const historyOptions = (id: string, version: number, page: number) =>
  queryOptions({
    queryKey: [...portalKeys.all, "history", id, version, page] as const,
    queryFn: ({ signal }) =>
      fetchJson<HistoryPage>(`/api/portal/collections/${encodeURIComponent(id)}/history?pageNum=${page}`, { signal }),
    retry: retryUnlessClientError,
    placeholderData: keepPreviousData,
  });

/** One history entry whole (its changes and state), which a page leaves out; entries never change, so it is kept. */
export const historyEntryOptions = (id: string, entryId: number) =>
  queryOptions({
    queryKey: [...portalKeys.all, "history-entry", id, entryId] as const,
    queryFn: ({ signal }) => fetchJson<HistoryEntry>(`/api/portal/collections/${encodeURIComponent(id)}/history/${entryId}`, { signal }),
    retry: retryUnlessClientError,
    staleTime: Infinity,
  });

/** What a save would change, stored nowhere: the same checks as the save, no Idempotency-Key needed. */
export const previewSave = (body: CreateRequestInput) =>
  fetchJson<DryRunResult>("/api/portal/save?dryRun=1", { method: "POST", json: body });

/** The fields a preview says would lose their value, for people: "Website", "Free hoodie: Site". */
export function blankedFields(preview: DryRunResult, perkTitle: (perkId: string) => string): string[] {
  return preview.Changes.flatMap((collection) =>
    collection.Unassigned.map((field) =>
      field.Object === "collection" ? fieldLabel(field.Path) : `${perkTitle(field.Id)}: ${fieldLabel(field.Path)}`,
    ),
  );
}

/** The same list without the server: the fields the page's record holds that the body leaves out. */
export function clearedLocally(stored: Record<string, unknown>, sent: Record<string, unknown> | undefined): string[] {
  return Object.keys(stored)
    .filter((key) => key in EDITABLE && stored[key] !== undefined && sent?.[key] === undefined)
    .map(fieldLabel);
}
