"use client";

import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useRemovePerk } from "@/lib/portal/client/use-collection-mutations";
import { RemovalError } from "./removal-error";
import type { PerkDoc } from "@/lib/schemas/perk";

type Props = {
  collectionId: string;
  perk: PerkDoc;
  onRemoved: (perk: PerkDoc) => void;
  onClose: () => void;
  onReload: () => void;
};

/** Asks before a perk is removed, in a modal dialog (focus stays inside, Escape cancels). */
export function RemovePerkDialog({ collectionId, perk, onRemoved, onClose, onReload }: Props) {
  const remove = useRemovePerk(collectionId);

  const confirm = async () => {
    if (remove.isPending) return;
    try {
      await remove.mutateAsync(perk.PlatformPerkId);
    } catch {
      return;
    }
    onRemoved(perk);
  };

  return (
    <ConfirmDialog
      title="Remove this perk?"
      text={<>“{perk.ShortDescription}” will be removed from the collection. This cannot be undone.</>}
      action={remove.isPending ? "Removing…" : "Remove perk"}
      busy={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      <RemovalError error={remove.error} outcome="removed" onReload={onReload} />
    </ConfirmDialog>
  );
}
