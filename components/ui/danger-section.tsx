"use client";

import { useState, type ReactNode } from "react";
import { Button } from "./button";

type Props = {
  id: string;
  title: string;
  /** What the action takes with it. */
  text: ReactNode;
  /** The text of the button that asks. */
  action: string;
  /** Wraps the button, for a gate that disables it and says why. */
  gate?: (button: ReactNode) => ReactNode;
  /** The confirmation shown once asked (a dialog); `close` takes it away. */
  confirmation: (close: () => void) => ReactNode;
};

/**
 * The red-bordered section that holds a page's one irreversible action (deleting a collection, a
 * team): a heading, what the action takes with it, and the button that opens its confirmation.
 */
export function DangerSection({ id, title, text, action, gate = (button) => button, confirmation }: Props) {
  const [asking, setAsking] = useState(false);
  const headingId = `${id}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col items-start gap-3 rounded-xl border border-red-200 p-4 sm:p-6 dark:border-red-900"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">{text}</p>
      {gate(
        <Button tone="danger" state="wait" onClick={() => setAsking(true)}>
          {action}
        </Button>,
      )}
      {asking ? confirmation(() => setAsking(false)) : null}
    </section>
  );
}
