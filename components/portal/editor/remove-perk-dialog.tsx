"use client";

import { useEffect, useId, useRef } from "react";
import { isConflict, useRemovePerk } from "@/lib/portal/use-collection-mutations";
import type { PerkDoc } from "@/lib/schemas/perk";
import { buttonClass, secondaryButton } from "./save-feedback";

type Props = {
  collectionId: string;
  perk: PerkDoc;
  onRemoved: (perk: PerkDoc) => void;
  onClose: () => void;
  onReload: () => void;
};

const dangerButton = `${buttonClass} bg-red-700 text-white hover:bg-red-600 dark:bg-red-400 dark:text-slate-950 dark:hover:bg-red-300`;

/** Asks before a perk is removed, in a modal dialog (focus stays inside, Escape cancels). */
export function RemovePerkDialog({ collectionId, perk, onRemoved, onClose, onReload }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const remove = useRemovePerk(collectionId);
  const headingId = useId();
  const textId = useId();

  useEffect(() => {
    const element = dialog.current;
    // No close on cleanup: unmounting removes the dialog, and a close event would cancel a remount.
    if (element && !element.open) element.showModal();
  }, []);

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
    <dialog
      ref={dialog}
      aria-labelledby={headingId}
      aria-describedby={textId}
      onClose={onClose}
      className="m-auto max-w-md rounded-xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-950/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        Remove this perk?
      </h2>
      <p id={textId} className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        “{perk.ShortDescription}” will be removed from the collection. This cannot be undone.
      </p>
      {remove.error ? (
        <div role="alert" className="mt-3 text-sm text-red-800 dark:text-red-300">
          {isConflict(remove.error) ? (
            <>
              This collection was changed by someone else; nothing was removed.{" "}
              <button type="button" onClick={onReload} className="font-medium underline">
                Reload latest
              </button>
            </>
          ) : (
            <>Not removed: {remove.error.message}</>
          )}
        </div>
      ) : null}
      <div className="mt-5 flex justify-end gap-3">
        <button type="button" onClick={() => dialog.current?.close()} className={secondaryButton} autoFocus>
          Cancel
        </button>
        <button type="button" onClick={confirm} aria-disabled={remove.isPending} className={dangerButton}>
          {remove.isPending ? "Removing…" : "Remove perk"}
        </button>
      </div>
    </dialog>
  );
}
