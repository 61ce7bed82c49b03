"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";
import { StatusMessage } from "@/components/ui/alert";

type Props = {
  /** Prefix of the heading's and the field's ids. */
  id: string;
  heading: string;
  /** How to use the value, shown above it. */
  children: ReactNode;
  /** The field's accessible name. */
  label: string;
  /** What the value is called in the copy messages: "key", "secret". */
  noun: string;
  /** Null when the answer that carried it is gone (a replay): `missing` says what to do instead. */
  value: string | null;
  missing?: ReactNode;
  onDone: () => void;
};

/**
 * The one time a credential (an API key, a signing secret) is on screen. The panel takes focus so
 * a screen reader reads it out, and offers a copy button; dismissing it forgets the value in this
 * tab too.
 */
export function OneTimeSecret({ id, heading, children, label, noun, value, missing, onDone }: Props) {
  const [copy, setCopy] = useState<"idle" | "copied" | "failed">("idle");
  const panel = useRef<HTMLElement>(null);
  const field = useRef<HTMLInputElement>(null);

  useEffect(() => {
    panel.current?.focus();
  }, [value, heading]);

  async function copyValue() {
    try {
      await navigator.clipboard.writeText(value ?? "");
      setCopy("copied");
    } catch {
      // No clipboard access (permission, insecure origin): leave the value selected to copy by hand.
      field.current?.select();
      setCopy("failed");
    }
  }

  return (
    <section
      ref={panel}
      tabIndex={-1}
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-3 rounded-xl border-2 border-emerald-600 bg-emerald-50 p-4 sm:p-6 dark:border-emerald-500 dark:bg-emerald-950"
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-emerald-950 dark:text-emerald-100">
        {heading}
      </h2>
      {value === null ? (
        <p className="text-sm text-emerald-950 dark:text-emerald-100">{missing}</p>
      ) : (
        <>
          <p className="text-sm text-emerald-950 dark:text-emerald-100">{children}</p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <label htmlFor={`${id}-value`} className="sr-only">
              {label}
            </label>
            <input
              ref={field}
              id={`${id}-value`}
              readOnly
              value={value}
              onFocus={(event) => event.target.select()}
              className="min-w-0 flex-1 rounded-lg border border-emerald-700 bg-white px-3 py-2 font-mono text-sm dark:border-emerald-500 dark:bg-slate-950"
            />
            <button
              type="button"
              onClick={copyValue}
              className="rounded-lg bg-emerald-700 px-4 py-2 text-sm font-medium text-white hover:bg-emerald-800"
            >
              {copy === "copied" ? "Copied" : "Copy"}
            </button>
            <button
              type="button"
              onClick={onDone}
              className="rounded-lg border border-emerald-700 px-4 py-2 text-sm font-medium text-emerald-950 hover:bg-emerald-100 dark:border-emerald-500 dark:text-emerald-100 dark:hover:bg-emerald-900"
            >
              Done
            </button>
          </div>
        </>
      )}
      <StatusMessage look="plain" className="text-emerald-950 dark:text-emerald-100">
        {copy === "copied"
          ? `The ${noun} is on your clipboard.`
          : copy === "failed"
            ? `Copying failed: the ${noun} is selected, copy it with your keyboard.`
            : ""}
      </StatusMessage>
    </section>
  );
}
