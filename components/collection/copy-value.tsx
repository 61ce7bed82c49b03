"use client";

import { useState } from "react";

/** A Copy button for a value shown shortened, so the full value is one click away. */
export function CopyValue({ value, label }: { value: string; label: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  return (
    <>
      <button
        type="button"
        aria-label={`Copy ${label}`}
        onClick={() =>
          navigator.clipboard.writeText(value).then(
            () => setState("copied"),
            // No clipboard access (permission, insecure origin): the full value is in the title and for screen readers.
            () => setState("failed"),
          )
        }
        className="rounded-md border border-slate-300 px-2 py-0.5 text-xs font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
      >
        Copy
      </button>
      <span role="status" className="text-xs text-slate-600 dark:text-slate-400">
        {state === "copied" ? "Copied." : state === "failed" ? "Copying failed." : ""}
      </span>
    </>
  );
}
