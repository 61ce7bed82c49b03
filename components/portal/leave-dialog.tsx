"use client";

import { useId, useRef, useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { leaveStore, type LeaveQuestion } from "@/lib/portal/client/leave-confirmation";

/** The portal's one place for "lose unsaved changes?": mounted once by the signed-in layout. */
export function LeaveDialog() {
  const question = useSyncExternalStore(leaveStore.subscribe, leaveStore.current, leaveStore.none);
  // A new question is a new dialog, opened modal on mount.
  return question ? <OpenLeaveDialog key={question.title + question.text} question={question} answer={question.answer} /> : null;
}

function OpenLeaveDialog({ question, answer }: { question: LeaveQuestion; answer: (leave: boolean) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const chosen = useRef(false);
  // Only rendered after a click or key press, so this is what asked: focus returns there on Stay.
  const opener = useRef<Element | null>(document.activeElement);
  const headingId = useId();
  const textId = useId();
  const choose = (leave: boolean) => {
    if (chosen.current) return;
    chosen.current = true;
    if (!leave && opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus();
    answer(leave);
  };
  return (
    <ModalDialog dialogRef={dialog} labelledBy={headingId} describedBy={textId} onClose={() => choose(false)} look="fixed">
      <h2 id={headingId} className="text-lg font-semibold">
        {question.title}
      </h2>
      <p id={textId} className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        {question.text}
      </p>
      <div className="mt-5 flex flex-wrap justify-end gap-3">
        <Button tone="secondary" onClick={() => dialog.current?.close()} autoFocus>
          {question.stay}
        </Button>
        <Button tone="danger" onClick={() => choose(true)}>
          {question.leave}
        </Button>
      </div>
    </ModalDialog>
  );
}
