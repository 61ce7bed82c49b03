"use client";

import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";

type Props = {
  /** The first button's text, and its accessible name where the text alone does not say whom it is for. */
  ask: string;
  askLabel?: string;
  /** The id of the text saying why the action is refused; the first button is disabled while it is set. */
  refusalId?: string;
  /** Said once asked, before the action is confirmed. */
  notice: ReactNode;
  act: string;
  back: string;
  busy: boolean;
  /** Runs the action; `close` goes back to the first button. */
  onConfirm: (close: () => void) => void;
};

/** A removal that asks once more in place: a quiet button, then what goes with it, the action and a way back. */
export function ConfirmStep({ ask, askLabel, refusalId, notice, act, back, busy, onConfirm }: Props) {
  const [confirming, setConfirming] = useState(false);
  const close = () => setConfirming(false);
  return confirming ? (
    <>
      {notice}
      <Button tone="danger" size="xs" busy={busy} onClick={() => onConfirm(close)}>
        {act}
      </Button>
      <Button tone="outline" size="xs" onClick={close}>
        {back}
      </Button>
    </>
  ) : (
    <Button
      tone="outline"
      size="xs"
      state="dim"
      disabled={refusalId !== undefined}
      aria-describedby={refusalId}
      aria-label={askLabel}
      onClick={() => setConfirming(true)}
    >
      {ask}
    </Button>
  );
}
