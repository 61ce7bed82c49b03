"use client";

import { useState } from "react";

/**
 * Filters the server-rendered reference in place: entries whose text does not contain every
 * typed word are hidden, and so is a heading, or a contents entry, left with nothing under it.
 * The reference itself stays server HTML, so the page needs no JS to read.
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
    document.querySelectorAll<HTMLElement>("[data-doc-group]").forEach((group) => {
      group.hidden = !group.querySelector("[data-doc-entry]:not([hidden])");
    });
    document.querySelectorAll<HTMLElement>("[data-toc-for]").forEach((item) => {
      const target = document.getElementById(item.dataset.tocFor ?? "");
      item.hidden = !target || target.hidden || Boolean(target.closest("[hidden]"));
    });
    document.querySelectorAll<HTMLElement>("[data-toc-group]").forEach((group) => {
      group.hidden = !group.querySelector("[data-toc-for]:not([hidden])");
    });
    document.querySelectorAll<HTMLElement>("[data-toc]").forEach((contents) => {
      contents.hidden = !contents.querySelector("[data-toc-group]:not([hidden])");
    });
    setShown(words.length ? visible : null);
  }

  return (
    <div className="sticky top-0 z-10 mt-6 bg-white/90 py-3 backdrop-blur dark:bg-slate-950/90">
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
        {shown === null ? "" : shown === 0 ? "No section matches." : `${shown} ${shown === 1 ? "section matches" : "sections match"}`}
      </p>
    </div>
  );
}
