"use client";

import { useEffect, useRef } from "react";
import type { ApiKeyRow } from "@/lib/portal/queries";

type Props = {
  target: ApiKeyRow | null;
  onConfirm: (key: ApiKeyRow) => void;
  onClose: () => void;
  /** Where focus goes after a revocation, since the button that opened the dialog goes away. */
  afterRevokeFocusId: string;
};

/**
 * Asks before revoking. A native modal <dialog>: the browser keeps focus inside, closes it on
 * Escape and makes the rest of the page inert; focus starts on the harmless choice.
 */
export function RevokeDialog({ target, onConfirm, onClose, afterRevokeFocusId }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (target && !element.open) {
      opener.current = document.activeElement;
      element.showModal();
    } else if (!target && element.open) {
      element.close();
    }
  }, [target]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby="revoke-heading"
      aria-describedby="revoke-description"
      onClose={() => {
        onClose();
        if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus();
      }}
      className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      {target ? (
        <div className="flex flex-col gap-4">
          <h2 id="revoke-heading" className="text-lg font-semibold">
            Revoke “{target.label}”?
          </h2>
          <p id="revoke-description" className="text-sm text-slate-700 dark:text-slate-300">
            Every call made with the key <code className="font-mono">{target.prefix}…</code> will be refused from now on. This cannot be
            undone.
          </p>
          <div className="flex justify-end gap-2">
            <button
              type="button"
              autoFocus
              onClick={() => dialog.current?.close()}
              className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
            >
              Cancel
            </button>
            <button
              type="button"
              onClick={() => {
                opener.current = document.getElementById(afterRevokeFocusId);
                onConfirm(target);
                dialog.current?.close();
              }}
              className="rounded-lg bg-red-700 px-4 py-2 text-sm font-medium text-white hover:bg-red-800"
            >
              Revoke key
            </button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
