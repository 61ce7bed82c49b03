"use client";

import { useEffect, type ReactNode, type RefObject } from "react";
import { cn } from "./cn";

const LOOKS = {
  /** As wide as its text, up to 28rem. */
  fit: "max-w-md backdrop:bg-slate-950/50",
  /** 28rem whatever its text (less on a phone), over a darker backdrop. */
  fixed: "w-[min(28rem,calc(100%-2rem))] backdrop:bg-slate-950/60",
} as const;

type Props = {
  /** The caller's ref, so its Cancel button can close the dialog. */
  dialogRef: RefObject<HTMLDialogElement | null>;
  labelledBy: string;
  describedBy: string;
  /** Runs however the dialog closes: Cancel, Escape or the caller's own `close()`. */
  onClose: () => void;
  look?: keyof typeof LOOKS;
  children: ReactNode;
};

/**
 * A confirmation dialog, modal from the moment it mounts: focus stays inside and Escape cancels.
 * Mount it to ask and unmount it when done.
 */
export function ModalDialog({ dialogRef, labelledBy, describedBy, onClose, look = "fit", children }: Props) {
  useEffect(() => {
    const element = dialogRef.current;
    // No close on cleanup: unmounting removes the dialog, and a close event would cancel a remount.
    if (element && !element.open) element.showModal();
  }, [dialogRef]);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onClose={onClose}
      className={cn(
        "m-auto rounded-xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100",
        LOOKS[look],
      )}
    >
      {children}
    </dialog>
  );
}
