"use client";

import { useId, useRef } from "react";
import { Button } from "@/components/ui/button";
import { ModalDialog } from "@/components/ui/modal-dialog";
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
  const dialog = useRef<HTMLDialogElement>(null);
  const remove = useRemovePerk(collectionId);
  const headingId = useId();
  const textId = useId();

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
    <ModalDialog dialogRef={dialog} labelledBy={headingId} describedBy={textId} onClose={onClose}>
      <h2 id={headingId} className="text-lg font-semibold">
        Remove this perk?
      </h2>
      <p id={textId} className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        “{perk.ShortDescription}” will be removed from the collection. This cannot be undone.
      </p>
      <RemovalError error={remove.error} outcome="removed" onReload={onReload} />
      <div className="mt-5 flex justify-end gap-3">
        <Button tone="secondary" state="wait" onClick={() => dialog.current?.close()} autoFocus>
          Cancel
        </Button>
        <Button tone="danger" state="wait" onClick={confirm} busy={remove.isPending}>
          {remove.isPending ? "Removing…" : "Remove perk"}
        </Button>
      </div>
    </ModalDialog>
  );
}
