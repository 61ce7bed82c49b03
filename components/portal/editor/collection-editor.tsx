"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { collectionFormValues, type CollectionFormOutput } from "@/lib/portal/collection-form";
import { collectionRecordOptions, portalKeys } from "@/lib/portal/queries";
import { useReloadRecord, useSaveCollection } from "@/lib/portal/use-collection-mutations";
import { useUnsavedChangesWarning } from "@/lib/portal/use-unsaved-changes-warning";
import type { CollectionRecord } from "@/lib/schemas/create-request";
import { CollectionForm } from "./collection-form";
import { PerkList } from "./perk-list";
import { SaveFeedback } from "./save-feedback";

/** The edit page: the collection's form, then its perks; both save against the same Version. */
export function CollectionEditor({ initial }: { initial: CollectionRecord }) {
  const id = initial.nftData.PlatformNFTId;
  const queryClient = useQueryClient();
  // The server read this record for this very page view: newer than anything an earlier visit
  // left in the cache, and the Version every save of this view is checked against.
  useState(() => queryClient.setQueryData(portalKeys.record(id), initial));
  const query = useQuery(collectionRecordOptions(id));
  const record = query.data ?? initial;

  const save = useSaveCollection(id);
  const reloadRecord = useReloadRecord(id);
  const [status, setStatus] = useState("");
  const [reloading, setReloading] = useState(false);
  const [reloadError, setReloadError] = useState<Error | null>(null);
  // Bumped after a reload so both forms start again from the latest record.
  const [revision, setRevision] = useState(0);
  const [dirty, setDirty] = useState({ collection: false, perk: false });
  useUnsavedChangesWarning(dirty.collection || dirty.perk);

  const onCollectionDirty = useCallback((value: boolean) => setDirty((state) => ({ ...state, collection: value })), []);
  const onPerkDirty = useCallback((value: boolean) => setDirty((state) => ({ ...state, perk: value })), []);

  const reload = async () => {
    if (reloading) return;
    setReloading(true);
    setReloadError(null);
    try {
      await reloadRecord();
      save.reset();
      setDirty({ collection: false, perk: false });
      setRevision((value) => value + 1);
      setStatus("Loaded the latest version.");
    } catch (error) {
      setReloadError(error instanceof Error ? error : new Error(String(error)));
    } finally {
      setReloading(false);
    }
  };

  const submit = async (fields: CollectionFormOutput) => {
    setStatus("");
    try {
      await save.mutateAsync(fields);
    } catch {
      return false;
    }
    setStatus("Collection saved.");
    return true;
  };

  return (
    <div className="flex flex-col gap-12">
      <CollectionForm
        key={`collection-${revision}`}
        defaultValues={collectionFormValues(record.nftData)}
        submitLabel="Save collection"
        pending={save.isPending}
        onSubmit={submit}
        onDirtyChange={onCollectionDirty}
      >
        <SaveFeedback status={status} error={save.error} onReload={reload} reloading={reloading} />
      </CollectionForm>
      <PerkList
        key={`perks-${revision}`}
        collectionId={id}
        perks={record.perkData}
        loading={reloading}
        loadError={reloadError}
        onDirtyChange={onPerkDirty}
        onReload={reload}
        reloading={reloading}
      />
    </div>
  );
}
