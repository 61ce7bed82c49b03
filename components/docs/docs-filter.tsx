"use client";

import { useState } from "react";

/**
 * Filters the server-rendered reference in place: entries whose text does not contain every
 * typed word are hidden. The reference itself stays server HTML, so the page needs no JS to read.
 */
export function DocsFilter() {
  const [shown, setShown] = useState<number | null>(null);

  function filter(text: string) {
    const words = text.toLowerCase().split(/\s+/).filter(Boolean);
    let visible = 0;
    document.querySelectorAll<HTMLElement>("[data-doc-entry]").forEach((entry) => {
      const match = words.every((word) => entry.textContent?.toLowerCase().includes(word));
      entry.hidden = !match;
      if (match) visible += 1;
    });
    setShown(words.length ? visible : null);
  }

  return (
    <div className="sticky top-0 z-10 bg-white/90 py-3 backdrop-blur dark:bg-slate-950/90">
      <label htmlFor="docs-filter" className="block text-sm font-medium">
        Search the reference
      </label>
      <input
        id="docs-filter"
        type="search"
        placeholder="e.g. Version, 409, category"
        onChange={(event) => filter(event.target.value)}
        className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-900"
      />
      <p aria-live="polite" className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        {shown === null ? "" : `${shown} ${shown === 1 ? "section matches" : "sections match"}`}
      </p>
    </div>
  );
}
