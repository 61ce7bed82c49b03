"use client";

import { useId, useRef } from "react";
import { Button } from "@/components/ui/button";
import { ModalDialog } from "@/components/ui/modal-dialog";

type Props = {
  /** The fields that hold a value now and would hold none after the save. */
  fields: string[];
  onAnswer: (save: boolean) => void;
};

/**
 * Asks before a save empties fields (an edit replaces the whole collection, so a cleared field is
 * removed). Cancel, Escape or closing keep the form as it is, unsaved.
 */
export function BlankingDialog({ fields, onAnswer }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const answered = useRef(false);
  const headingId = useId();
  const textId = useId();

  const answer = (save: boolean) => {
    if (answered.current) return;
    answered.current = true;
    onAnswer(save);
  };

  return (
    <ModalDialog dialogRef={dialog} labelledBy={headingId} describedBy={textId} onClose={() => answer(false)} look="fixed">
      <h2 id={headingId} className="text-lg font-semibold">
        Clear {fields.length === 1 ? "this field" : `these ${fields.length} fields`}?
      </h2>
      <div id={textId} className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        <p>Saving will remove the value of:</p>
        <ul className="mt-2 list-disc pl-5">
          {fields.map((field) => (
            <li key={field}>{field}</li>
          ))}
        </ul>
      </div>
      <div className="mt-5 flex justify-end gap-3">
        <Button tone="secondary" onClick={() => dialog.current?.close()} autoFocus>
          Cancel
        </Button>
        <Button
          tone="danger"
          onClick={() => {
            answer(true);
            dialog.current?.close();
          }}
        >
          Save and clear
        </Button>
      </div>
    </ModalDialog>
  );
}
