"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { collectionFormValues, collectionPayload, type CollectionFormOutput } from "@/lib/portal/collection-form";
import { takeHeadingFocus } from "@/lib/portal/client/heading-focus";
import { clearedLocally } from "@/lib/portal/client/history";
import { collectionRecordOptions, portalKeys } from "@/lib/portal/client/queries";
import { useSaveCollection } from "@/lib/portal/client/use-collection-mutations";
import { useDeletedCollection } from "@/lib/portal/client/deleted-collections";
import { useUnsavedChangesWarning } from "@/lib/portal/client/use-unsaved-changes-warning";
import type { CollectionRecord } from "@/lib/schemas/create-request";
import { CollectionForm } from "./collection-form";
import { CollectionGone } from "./collection-gone";
import { CollectionHistory } from "./collection-history";
import { DeleteCollection } from "./delete-collection";
import { PerkList } from "./perk-list";
import { RecordReloadProvider } from "./record-reload";
import { SaveFeedback } from "./save-feedback";
import { useBlankingConfirmation } from "./use-blanking-confirmation";

const jump =
  "rounded-md px-3 py-1.5 font-medium text-indigo-700 underline-offset-2 hover:bg-slate-100 hover:underline dark:text-indigo-300 dark:hover:bg-slate-800";

/**
 * The edit page: named after the collection, its perks first (a compact list) and the
 * collection's details after, with an in-page nav to both; both save against the same Version.
 */
export function CollectionEditor({ initial, children }: { initial: CollectionRecord; children?: ReactNode }) {
  const id = initial.nftData.PlatformNFTId;
  const queryClient = useQueryClient();
  // The server read this record for this very page view: newer than anything an earlier visit
  // left in the cache, and the Version every save of this view is checked against.
  useState(() => queryClient.setQueryData(portalKeys.record(id), initial));
  const query = useQuery(collectionRecordOptions(id));
  const record = query.data ?? initial;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeHeadingFocus()) heading.current?.focus();
  }, []);

  const save = useSaveCollection(id);
  const [status, setStatus] = useState("");
  // Bumped after a reload so both forms start again from the latest record.
  const [revision, setRevision] = useState(0);
  const [dirty, setDirty] = useState({ collection: false, perk: false });
  const gone = useDeletedCollection(id);
  useUnsavedChangesWarning(!gone && (dirty.collection || dirty.perk));

  // Set once a save has answered, cleared by the next edit: the second half of a double click
  // that the browser hands over only after the first save has answered sends nothing.
  const savedUnchanged = useRef(false);
  const onCollectionDirty = useCallback((value: boolean) => {
    if (value) savedUnchanged.current = false;
    setDirty((state) => ({ ...state, collection: value }));
  }, []);
  const onPerkDirty = useCallback((value: boolean) => setDirty((state) => ({ ...state, perk: value })), []);

  const reloaded = () => {
    save.reset();
    setDirty({ collection: false, perk: false });
    setRevision((value) => value + 1);
    setStatus("Loaded the latest version.");
  };

  const blanking = useBlankingConfirmation();
  const confirmed = (fields: CollectionFormOutput) => {
    const body = { nftData: collectionPayload(fields, { PlatformNFTId: id, Version: record.nftData.Version }) };
    return blanking.confirm(
      body,
      (perkId) => perkId,
      () => clearedLocally(record.nftData, body.nftData),
    );
  };

  // One submit at a time: a double click must not preview (and ask) twice.
  const submitting = useRef(false);
  const submit = async (fields: CollectionFormOutput) => {
    if (submitting.current || savedUnchanged.current) return false;
    submitting.current = true;
    setStatus("");
    try {
      if (!(await confirmed(fields))) return false;
      await save.mutateAsync(fields);
      savedUnchanged.current = true;
    } catch {
      return false;
    } finally {
      submitting.current = false;
    }
    setStatus("Collection saved.");
    return true;
  };

  if (gone) return <CollectionGone title={gone.title} perks={gone.perks} />;
  return (
    <RecordReloadProvider collectionId={id} onReloaded={reloaded}>
      <div className="flex flex-col gap-8">
        <div className="flex flex-col gap-3">
          <p className="text-sm font-medium text-slate-600 dark:text-slate-400">Edit collection</p>
          <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold tracking-tight break-words">
            {record.nftData.Title}
          </h1>
          <nav aria-label="On this page" className="-mx-3 flex flex-wrap gap-1 text-sm">
            <a href="#perks" className={jump}>
              Perks ({record.perkData.length})
            </a>
            <a href="#collection-details" className={jump}>
              Collection details
            </a>
            <a href="#history" className={jump}>
              History
            </a>
          </nav>
        </div>
        <PerkList key={`perks-${revision}`} collectionId={id} perks={record.perkData} onDirtyChange={onPerkDirty} />
        <CollectionForm
          key={`collection-${revision}`}
          defaultValues={collectionFormValues(record.nftData)}
          submitLabel="Save collection"
          pending={save.isPending}
          onSubmit={submit}
          onDirtyChange={onCollectionDirty}
        >
          <SaveFeedback status={status} error={save.error} />
        </CollectionForm>
        <CollectionHistory record={record} />
        {children}
        <DeleteCollection record={record} />
        {blanking.dialog}
      </div>
    </RecordReloadProvider>
  );
}
