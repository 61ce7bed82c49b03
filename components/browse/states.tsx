"use client";

import { useQuery } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { emptyTitleClass } from "@/components/ui/query-states";
import { onPlainClick } from "@/lib/browse/client/link-click";
import { browseSearchOptions } from "@/lib/browse/client/queries";
import { browseHref, type BrowseInput } from "@/lib/browse/url-state";

/** Why the page shows something other than what the URL literally asked for. */
export function Notices({ notes }: { notes: string[] }) {
  if (notes.length === 0) return null;
  return (
    <div
      role="note"
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200"
    >
      {notes.map((note) => (
        <p key={note}>{note}</p>
      ))}
    </div>
  );
}

/**
 * The same search in every category, with how many it finds: one collection a page makes the
 * page count the match count. Nothing while counting, nor when it finds nothing either.
 */
function AllCategoriesOffer({ input, onAllCategories }: { input: BrowseInput; onAllCategories: () => void }) {
  const everywhere = { ...input, category: null, page: 1 };
  const count = useQuery({ ...browseSearchOptions({ ...everywhere, pageSize: 1 }), placeholderData: undefined });
  const matches = count.data?.NumPages;
  if (!matches) return null;
  return (
    <p className="mt-2">
      <a
        href={browseHref(everywhere)}
        onClick={onPlainClick(onAllCategories)}
        className="font-medium text-indigo-700 underline underline-offset-2 hover:no-underline dark:text-indigo-300"
      >
        {input.query ? `Search “${input.query}” in all categories` : "Show all categories"}
      </a>
      : {matches === 1 ? "1 collection" : `${matches.toLocaleString("en-US")} collections`}
    </p>
  );
}

type EmptyProps = { input: BrowseInput; onClear: () => void; onAllCategories: () => void };

/** No result (inside EmptyState): with filters, a way to clear them; in a category, the search in all of them. */
export function EmptyResults({ input, onClear, onAllCategories }: EmptyProps) {
  const filtered = input.query !== "" || input.category !== null || input.chain !== null || input.releaseStatus !== null;
  return (
    <>
      <p className={emptyTitleClass}>No collections found</p>
      <p className="mt-2">{filtered ? "Try other words, another category or fewer filters." : "No collection has been published yet."}</p>
      {input.category ? <AllCategoriesOffer input={input} onAllCategories={onAllCategories} /> : null}
      {filtered ? (
        <Button tone="indigo" className="mt-4" onClick={onClear}>
          Clear search and filters
        </Button>
      ) : null}
    </>
  );
}
