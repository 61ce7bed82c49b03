"use client";

import { useRouter } from "next/navigation";
import { StatusMessage } from "@/components/ui/alert";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DangerSection } from "@/components/ui/danger-section";
import { useDeleteCollection } from "@/lib/portal/client/use-collection-mutations";
import { useRecordReload } from "./record-reload";
import { RemovalError } from "./removal-error";
import type { CollectionRecord } from "@/lib/schemas/create-request";

const perksText = (count: number) => (count === 0 ? "no perks" : count === 1 ? "its 1 perk" : `its ${count} perks`);

type Props = { record: CollectionRecord };

/** Deleting the whole collection, behind a dialog that names it and what goes with it. */
export function DeleteCollection({ record }: Props) {
  const { reload } = useRecordReload();
  return (
    <DangerSection
      id="delete-collection"
      title="Delete this collection"
      text="It disappears from search and its public page at once, with all its perks."
      action="Delete collection"
      confirmation={(close) => (
        <DeleteCollectionDialog
          record={record}
          onClose={close}
          onReload={() => {
            close();
            reload();
          }}
        />
      )}
    />
  );
}

function DeleteCollectionDialog({ record, onClose, onReload }: { record: CollectionRecord; onClose: () => void; onReload: () => void }) {
  const router = useRouter();
  const remove = useDeleteCollection(record.nftData.PlatformNFTId);
  const title = record.nftData.Title;
  const perkCount = record.perkData.length;

  const confirm = async () => {
    if (remove.isPending || remove.isSuccess) return;
    try {
      await remove.mutateAsync();
    } catch {
      return;
    }
    router.push("/portal/collections");
  };

  const busy = remove.isPending || remove.isSuccess;
  return (
    <ConfirmDialog
      title={<>Delete “{title}”?</>}
      text={
        <>
          “{title}” and {perksText(perkCount)} will be deleted for everyone: search, its public page and the API stop returning it at once.
          This cannot be undone.
        </>
      }
      action={
        remove.isPending
          ? "Deleting…"
          : perkCount === 0
            ? "Delete collection"
            : `Delete collection and ${perkCount === 1 ? "1 perk" : `${perkCount} perks`}`
      }
      busy={busy}
      onConfirm={confirm}
      onClose={onClose}
    >
      <StatusMessage className="mt-3">{remove.isSuccess ? "Deleted. Opening My collections…" : ""}</StatusMessage>
      <RemovalError error={remove.error} outcome="deleted" onReload={onReload} />
    </ConfirmDialog>
  );
}
