"use client";

import { useId, useRef, type ReactNode } from "react";
import { Button } from "./button";
import { ModalDialog } from "./modal-dialog";

type Props = {
  title: ReactNode;
  /** What the action takes with it; the dialog's description. */
  text: ReactNode;
  /** The action's button text, which says when it is under way. */
  action: ReactNode;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** The request's progress and failure, shown between the text and the buttons. */
  children?: ReactNode;
};

/** Asks before an irreversible action (deleting, removing): focus starts on Cancel, the harmless choice. */
export function ConfirmDialog({ title, text, action, busy, onConfirm, onClose, children }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const textId = useId();
  return (
    <ModalDialog dialogRef={dialog} labelledBy={headingId} describedBy={textId} onClose={onClose}>
      <h2 id={headingId} className="text-lg font-semibold break-words">
        {title}
      </h2>
      <p id={textId} className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        {text}
      </p>
      {children}
      <div className="mt-5 flex justify-end gap-3">
        <Button tone="secondary" state="wait" onClick={() => dialog.current?.close()} autoFocus>
          Cancel
        </Button>
        <Button tone="danger" state="wait" onClick={onConfirm} busy={busy}>
          {action}
        </Button>
      </div>
    </ModalDialog>
  );
}
