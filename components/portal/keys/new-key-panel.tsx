"use client";

import { useEffect, useRef, useState } from "react";
import { StatusMessage } from "@/components/ui/alert";

/** A key just minted: its plaintext, which exists nowhere else, and its label. */
export type MintedKey = { key: string; label: string };

type Props = { minted: MintedKey; onDone: () => void };

/**
 * The one time a key's plaintext is on screen. The panel takes focus so a screen reader reads it
 * out, and offers a copy button; dismissing it forgets the key in this tab too.
 */
export function NewKeyPanel({ minted, onDone }: Props) {
  const [copy, setCopy] = useState<"idle" | "copied" | "failed">("idle");
  const panel = useRef<HTMLElement>(null);
  const field = useRef<HTMLInputElement>(null);

  useEffect(() => {
    panel.current?.focus();
  }, [minted.key]);

  async function copyKey() {
    try {
      await navigator.clipboard.writeText(minted.key);
      setCopy("copied");
    } catch {
      // No clipboard access (permission, insecure origin): leave the key selected to copy by hand.
      field.current?.select();
      setCopy("failed");
    }
  }

  return (
    <section
      ref={panel}
      tabIndex={-1}
      aria-labelledby="new-key-heading"
      className="flex flex-col gap-3 rounded-xl border-2 border-emerald-600 bg-emerald-50 p-4 sm:p-6 dark:border-emerald-500 dark:bg-emerald-950"
    >
      <h2 id="new-key-heading" className="text-lg font-semibold text-emerald-950 dark:text-emerald-100">
        Your new key “{minted.label}”
      </h2>
      <p className="text-sm text-emerald-950 dark:text-emerald-100">
        Copy it now and keep it somewhere safe: it is shown only this once. Send it as <code>Authorization: Bearer &lt;key&gt;</code>.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor="new-key-value" className="sr-only">
          New API key
        </label>
        <input
          ref={field}
          id="new-key-value"
          readOnly
          value={minted.key}
          onFocus={(event) => event.target.select()}
          className="min-w-0 flex-1 rounded-lg border border-emerald-700 bg-white px-3 py-2 font-mono text-sm dark:border-emerald-500 dark:bg-slate-950"
        />
        <button
          type="button"
          onClick={copyKey}
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
      <StatusMessage look="plain" className="text-emerald-950 dark:text-emerald-100">
        {copy === "copied"
          ? "The key is on your clipboard."
          : copy === "failed"
            ? "Copying failed: the key is selected, copy it with your keyboard."
            : ""}
      </StatusMessage>
    </section>
  );
}
