"use client";

import { useState, type FormEvent } from "react";
import { useDebouncedCallback } from "@/lib/browse/client/use-debounced-callback";
import { LIMITS } from "@/lib/schemas/limits";

type Props = {
  /** The query in the URL. */
  value: string;
  /** Fields (category, filters) kept by the form when it is submitted without JavaScript. */
  keep: Record<string, string>;
  onSearch: (query: string) => void;
};

const DEBOUNCE_MS = 300;

/**
 * The search field: what is typed shows at once, the search (and the URL) follows when typing
 * pauses. Without JavaScript it is a plain GET form to the same page.
 */
export function SearchBox({ value, keep, onSearch }: Props) {
  const [draft, setDraft] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  const debounced = useDebouncedCallback(onSearch, DEBOUNCE_MS);

  // The URL changed from elsewhere (back button, a category link): show its query, unless the
  // person is mid-typing, whose text wins.
  if (value !== shownValue) {
    setShownValue(value);
    if (!debounced.isPending()) setDraft(value);
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    debounced.run(draft);
    debounced.flush();
  };

  return (
    <form role="search" action="/" method="get" onSubmit={submit} className="relative">
      <label htmlFor="browse-query" className="sr-only">
        Search collections and perks
      </label>
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        fill="currentColor"
        className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-slate-500"
      >
        <path
          fillRule="evenodd"
          d="M9 3.5a5.5 5.5 0 1 0 3.4 9.83l3.63 3.63a.75.75 0 1 0 1.06-1.06l-3.63-3.63A5.5 5.5 0 0 0 9 3.5ZM5 9a4 4 0 1 1 8 0 4 4 0 0 1-8 0Z"
          clipRule="evenodd"
        />
      </svg>
      <input
        id="browse-query"
        type="search"
        name="query"
        value={draft}
        maxLength={LIMITS.query}
        autoComplete="off"
        placeholder="Search by collection, creator or perk…"
        onChange={(event) => {
          setDraft(event.target.value);
          debounced.run(event.target.value);
        }}
        className="w-full rounded-xl border border-slate-300 bg-white py-3 pl-10 pr-4 text-base shadow-sm placeholder:text-slate-500 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/40 dark:border-slate-700 dark:bg-slate-900 dark:placeholder:text-slate-400"
      />
      {Object.entries(keep).map(([name, kept]) => (
        <input key={name} type="hidden" name={name} value={kept} />
      ))}
    </form>
  );
}
