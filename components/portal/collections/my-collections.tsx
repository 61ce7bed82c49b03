"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { parseAsString, useQueryState } from "nuqs";
import { useState } from "react";
import { useDebouncedCallback } from "@/lib/browse/use-debounced-callback";
import { managedCollectionsOptions } from "@/lib/portal/queries";
import { LIMITS } from "@/lib/schemas/limits";
import { ListSkeleton, LoadError } from "../load-states";
import { newCollectionClass, NoCollections, NoMatches } from "./list-states";
import { ManagedRow } from "./managed-row";

const DEBOUNCE_MS = 250;
const countText = (count: number) => (count === 1 ? "1 collection" : `${count} collections`);

/**
 * The partner's own collections. The title filter lives in the URL (`?q=`, replaced rather than
 * pushed per keystroke) and follows typing after a pause; the last list stays on screen meanwhile.
 */
export function MyCollections() {
  const [text, setText] = useQueryState("q", parseAsString.withDefault("").withOptions({ history: "replace" }));
  const [draft, setDraft] = useState(text);
  const debounced = useDebouncedCallback((value: string) => void setText(value.trim() || null), DEBOUNCE_MS);
  const { data, error, isPending, isFetching, isPlaceholderData, refetch } = useQuery({
    ...managedCollectionsOptions(text),
    placeholderData: keepPreviousData,
  });
  const collections = data?.collections;

  const clear = () => {
    setDraft("");
    debounced.run("");
    debounced.flush();
  };

  let status = "";
  if (isPending) status = "Loading your collections…";
  else if (isFetching && isPlaceholderData) status = "Searching…";
  else if (collections) status = text ? `${countText(collections.length)} with “${text}” in the title` : countText(collections.length);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">My collections</h1>
        <Link href="/portal/collections/new" className={newCollectionClass}>
          <span aria-hidden="true">+</span> New collection
        </Link>
      </div>
      <form role="search" onSubmit={(event) => (event.preventDefault(), debounced.flush())} className="max-w-md">
        <label htmlFor="my-collections-filter" className="mb-1.5 block text-sm font-medium">
          Find by title
        </label>
        <input
          id="my-collections-filter"
          type="search"
          value={draft}
          maxLength={LIMITS.title}
          autoComplete="off"
          onChange={(event) => {
            setDraft(event.target.value);
            debounced.run(event.target.value);
          }}
          className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/40 dark:border-slate-700 dark:bg-slate-900"
        />
      </form>
      <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
        {status}
      </p>
      {error && !collections ? (
        <LoadError what="Your collections" message={error instanceof Error ? error.message : "The request failed."} onRetry={() => void refetch()} retrying={isFetching} />
      ) : !collections ? (
        <ListSkeleton />
      ) : collections.length === 0 ? (
        text ? <NoMatches text={text} onClear={clear} /> : <NoCollections />
      ) : (
        <ul
          aria-label="Your collections"
          aria-busy={isPlaceholderData}
          className={`divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white transition-opacity dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900 ${isPlaceholderData ? "opacity-60" : ""}`}
        >
          {collections.map((collection) => (
            <ManagedRow key={collection.id} collection={collection} />
          ))}
        </ul>
      )}
    </div>
  );
}
