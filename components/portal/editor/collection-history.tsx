"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { InstantText } from "@/components/local-time";
import { Alert, StatusMessage } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { fieldLabel } from "@/lib/history/field-labels";
import { valueWords, viaWords } from "@/lib/portal/value-words";
import { restoreRequest } from "@/lib/history/restore";
import { historyEntryOptions, historyOptions } from "@/lib/portal/client/history";
import { apiKeysOptions } from "@/lib/portal/client/queries";
import { failureText, sendWrite } from "@/lib/portal/client/once-only-write";
import { isConflict } from "@/lib/portal/client/use-collection-mutations";
import type { CollectionRecord } from "@/lib/schemas/create-request";
import type { HistoryListEntry, ObjectChange } from "@/lib/schemas/history";
import { HistoryEntryChanges } from "./history-entry-changes";
import { useRecordReload } from "./record-reload";

const KIND_WORDS = { created: "added", updated: "changed", deleted: "removed" } as const;

/** A perk's title now, for a change that does not name it (pages carry no entry's state). */
type PerkTitle = (perkId: string) => string | undefined;

function changeTitle(change: ObjectChange, perkTitle: PerkTitle): string {
  if (change.Object === "collection") return `Collection ${change.Kind === "created" ? "created" : KIND_WORDS[change.Kind]}`;
  const title =
    change.Fields.find((field) => field.Path === "ShortDescription")?.[change.Kind === "deleted" ? "From" : "To"] ?? perkTitle(change.Id);
  return `Perk “${typeof title === "string" ? title : change.Id}” ${KIND_WORDS[change.Kind]}`;
}

const cell = "px-3 py-1.5 align-top break-words";
// Under 640 px each field is a card: its name on one line, Before and After side by side below it,
// each named by its column (the header row is hidden there), so no word breaks in a narrow column.
const valueCell = `${cell} max-sm:before:block max-sm:before:text-xs max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)] dark:max-sm:before:text-slate-400`;
const unset = <span className="text-slate-600 italic dark:text-slate-400">not set</span>;
const words = (path: string, value: unknown) => valueWords(path, value) ?? unset;

function ChangeTable({ change, perkTitle }: { change: ObjectChange; perkTitle: PerkTitle }) {
  const caption = changeTitle(change, perkTitle);
  if (change.Fields.length === 0) return <p className="text-sm font-medium">{caption}</p>;
  return (
    <table className="w-full table-fixed border-collapse text-sm max-sm:block">
      <caption className="pb-1 text-left font-medium max-sm:block">{caption}</caption>
      <thead className="max-sm:sr-only">
        <tr className="border-b border-slate-200 text-left text-slate-600 dark:border-slate-700 dark:text-slate-400">
          <th scope="col" className={`${cell} w-1/4 font-medium`}>
            Field
          </th>
          <th scope="col" className={`${cell} font-medium`}>
            Before
          </th>
          <th scope="col" className={`${cell} font-medium`}>
            After
          </th>
        </tr>
      </thead>
      <tbody className="max-sm:block">
        {change.Fields.map((field) => (
          <tr key={field.Path} className="border-b border-slate-100 max-sm:grid max-sm:grid-cols-2 max-sm:py-1 dark:border-slate-800">
            <th scope="row" className={`${cell} text-left font-medium max-sm:col-span-2 max-sm:pb-0`}>
              {fieldLabel(field.Path)}
            </th>
            <td data-label="Before" className={valueCell}>
              {words(field.Path, field.From)}
            </td>
            <td data-label="After" className={valueCell}>
              {words(field.Path, field.To)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The collection's history, newest first, with each entry's changes field by field, and "Restore
 * this version": one normal Version-checked save of the collection as it was after that entry,
 * which history records as a change of its own.
 */
export function CollectionHistory({ record }: { record: CollectionRecord }) {
  const id = record.nftData.PlatformNFTId;
  const [page, setPage] = useState(1);
  const history = useQuery(historyOptions(id, record.nftData.Version, page));
  // Keys are named as the keys page names them (label and prefix), never by their id.
  const keys = useQuery(apiKeysOptions()).data?.keys;
  const { reload, reloading } = useRecordReload();
  const [restoring, setRestoring] = useState<number | null>(null);
  const [status, setStatus] = useState("");
  const [error, setError] = useState<Error | null>(null);
  const headingId = useId();
  const queryClient = useQueryClient();
  const perkTitle: PerkTitle = (perkId) => record.perkData.find((perk) => perk.PlatformPerkId === perkId)?.ShortDescription;

  const restore = async (entry: HistoryListEntry) => {
    if (!entry.HasState || restoring !== null) return;
    setRestoring(entry.Id);
    setStatus("");
    setError(null);
    try {
      // A page carries no states: the one to restore is read when asked for.
      const { State: state } = await queryClient.fetchQuery(historyEntryOptions(id, entry.Id));
      if (!state) throw new Error("this version keeps no state to restore");
      await sendWrite(`restore:${id}`, "/api/portal/save", { method: "POST", json: restoreRequest(state, record) });
      reload();
      setPage(1);
      setStatus("Restored. The restore is the newest entry of the history.");
    } catch (failure) {
      setError(failure instanceof Error ? failure : new Error(String(failure)));
    } finally {
      setRestoring(null);
    }
  };

  const data = history.data;
  return (
    <section id="history" aria-labelledby={headingId} className="flex scroll-mt-4 flex-col gap-4">
      <h2 id={headingId} className="text-xl font-semibold">
        History
      </h2>
      <StatusMessage>{error ? "" : status}</StatusMessage>
      {error ? (
        <Alert className="flex flex-wrap items-center gap-3">
          {isConflict(error) ? (
            <>
              <span>This collection was changed by someone else. Nothing was restored.</span>
              <Button tone="secondary" state="wait" onClick={reload} aria-disabled={reloading}>
                {reloading ? "Reloading…" : "Reload latest"}
              </Button>
            </>
          ) : (
            <span>Not restored: {failureText(error)}.</span>
          )}
        </Alert>
      ) : null}
      {history.error ? <Alert>Could not load the history: {failureText(history.error)}.</Alert> : null}
      {data && data.Docs.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-400">No changes recorded yet.</p> : null}
      {data ? (
        <ol className="flex flex-col gap-4" aria-busy={history.isFetching}>
          {data.Docs.map((entry, index) => (
            <li key={entry.Id} className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <p className="text-sm text-slate-700 dark:text-slate-300">
                  <InstantText ms={entry.At} /> · {viaWords(entry.Via, keys)}
                </p>
                {entry.HasState && !(page === 1 && index === 0) ? (
                  <Button tone="secondary" size="xs" state="wait" busy={restoring === entry.Id} onClick={() => void restore(entry)}>
                    {restoring === entry.Id ? "Restoring…" : "Restore this version"}
                  </Button>
                ) : null}
              </div>
              {entry.Changes ? (
                entry.Changes.map((change) => <ChangeTable key={`${change.Object}-${change.Id}`} change={change} perkTitle={perkTitle} />)
              ) : (
                <HistoryEntryChanges collectionId={id} entryId={entry.Id} bytes={entry.ChangesBytes}>
                  {(changes) =>
                    changes.map((change) => <ChangeTable key={`${change.Object}-${change.Id}`} change={change} perkTitle={perkTitle} />)
                  }
                </HistoryEntryChanges>
              )}
            </li>
          ))}
        </ol>
      ) : null}
      {data && data.NumPages > 1 ? (
        <nav aria-label="History pages" className="flex items-center gap-3 text-sm">
          <Button tone="outline" size="xs" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Newer
          </Button>
          <span>
            Page {page} of {data.NumPages}
          </span>
          <Button tone="outline" size="xs" disabled={page >= data.NumPages} onClick={() => setPage(page + 1)}>
            Older
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
