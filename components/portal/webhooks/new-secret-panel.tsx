"use client";

import { useEffect, useRef, useState } from "react";
import { StatusMessage } from "@/components/ui/alert";
import type { NewSecret } from "./register-form";

/**
 * The one time an endpoint's signing secret is on screen, as a new API key is: the panel takes
 * focus so a screen reader reads it out, offers a copy button, and forgets the secret when dismissed.
 */
export function NewSecretPanel({ created, onDone }: { created: NewSecret; onDone: () => void }) {
  const [copy, setCopy] = useState<"idle" | "copied" | "failed">("idle");
  const panel = useRef<HTMLElement>(null);
  const field = useRef<HTMLInputElement>(null);

  useEffect(() => {
    panel.current?.focus();
  }, [created]);

  async function copySecret() {
    try {
      await navigator.clipboard.writeText(created.secret ?? "");
      setCopy("copied");
    } catch {
      field.current?.select();
      setCopy("failed");
    }
  }

  return (
    <section
      ref={panel}
      tabIndex={-1}
      aria-labelledby="new-secret-heading"
      className="flex flex-col gap-3 rounded-xl border-2 border-emerald-600 bg-emerald-50 p-4 sm:p-6 dark:border-emerald-500 dark:bg-emerald-950"
    >
      <h2 id="new-secret-heading" className="text-lg font-semibold text-emerald-950 dark:text-emerald-100">
        Signing secret for {created.url}
      </h2>
      {created.secret ? (
        <>
          <p className="text-sm text-emerald-950 dark:text-emerald-100">
            Copy it now and keep it with your receiver: it is shown only this once. Check each request&apos;s <code>webhook-signature</code>{" "}
            with it (see the webhooks guide).
          </p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <label htmlFor="new-secret-value" className="sr-only">
              Signing secret
            </label>
            <input
              ref={field}
              id="new-secret-value"
              readOnly
              value={created.secret}
              onFocus={(event) => event.target.select()}
              className="min-w-0 flex-1 rounded-lg border border-emerald-700 bg-white px-3 py-2 font-mono text-sm dark:border-emerald-500 dark:bg-slate-950"
            />
            <button
              type="button"
              onClick={copySecret}
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
      ) : (
        <p className="text-sm text-emerald-950 dark:text-emerald-100">
          The endpoint was added, but the page lost the answer that showed its secret. Delete the endpoint and add it again.
        </p>
      )}
      <StatusMessage look="plain" className="text-emerald-950 dark:text-emerald-100">
        {copy === "copied"
          ? "The secret is on your clipboard."
          : copy === "failed"
            ? "Copying failed: the secret is selected, copy it with your keyboard."
            : ""}
      </StatusMessage>
    </section>
  );
}
