"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { EMPTY_COLLECTION, type CollectionFormOutput } from "@/lib/portal/collection-form";
import { focusHeadingOnArrival } from "@/lib/portal/client/heading-focus";
import { useCreateCollection } from "@/lib/portal/client/use-collection-mutations";
import { useUnsavedChangesWarning } from "@/lib/portal/client/use-unsaved-changes-warning";
import { CollectionForm } from "./collection-form";
import { SaveFeedback } from "./save-feedback";

/** The new-collection page: once created, the collection opens in its editor to add perks. */
export function NewCollectionEditor() {
  const router = useRouter();
  const create = useCreateCollection();
  const [status, setStatus] = useState("");
  const [dirty, setDirty] = useState(false);
  useUnsavedChangesWarning(dirty);

  const submit = async (fields: CollectionFormOutput) => {
    setStatus("");
    try {
      const created = await create.mutateAsync(fields);
      setStatus("Collection created. Opening its editor…");
      focusHeadingOnArrival();
      router.push(`/portal/collections/${encodeURIComponent(created.nftData?.PlatformNFTId ?? "")}`);
      return true;
    } catch {
      return false;
    }
  };

  return (
    <CollectionForm
      defaultValues={EMPTY_COLLECTION}
      submitLabel="Create collection"
      pending={create.isPending || create.isSuccess}
      onSubmit={submit}
      onDirtyChange={setDirty}
    >
      <SaveFeedback status={status} error={create.error} />
    </CollectionForm>
  );
}
