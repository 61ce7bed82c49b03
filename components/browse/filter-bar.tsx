"use client";

import { type FormEvent } from "react";
import { useHydrated } from "@/components/use-hydrated";
import { buttonClass } from "@/components/ui/button";
import { controlClass } from "@/components/ui/field";
import {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZE_OPTIONS,
  RELEASE_STATUS_OPTIONS,
  SORT_OPTIONS,
  normalizeChain,
  normalizePageSize,
  normalizeReleaseStatus,
  normalizeSort,
  type BrowseInput,
} from "@/lib/browse/url-state";
import type { SearchSort } from "@/lib/schemas/search-params";

export type FilterChange = Partial<Pick<BrowseInput, "chain" | "releaseStatus" | "verified" | "sort" | "pageSize">>;

type Props = {
  input: BrowseInput;
  /** Every chain a collection is on. */
  chains: readonly string[];
  /** Matches per chain for the current search without its chain filter, when known. */
  chainCounts: Record<string, number> | undefined;
  /** Matches on chains left out of `chainCounts` (it lists the chains with the most); their counts are unknown. */
  otherChains: number | undefined;
  onChange: (change: FilterChange) => void;
};

const SORT_LABELS: Record<(typeof SORT_OPTIONS)[number], string> = {
  relevance: "Best match",
  newest: "Newest",
  title: "Title A–Z",
};

const count = (n: number | undefined) => (n === undefined ? "" : ` (${n.toLocaleString("en-US")})`);

/**
 * Chain, release status, order, page size and "Verified only" (collections verified by their contract's owner). Each change applies at once; without JavaScript it
 * is a GET form to the same page (the query and category ride along hidden), sent by Apply.
 */
export function FilterBar({ input, chains, chainCounts, otherChains, onChange }: Props) {
  const hydrated = useHydrated();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? "");
    onChange({
      chain: normalizeChain(value("chain")),
      releaseStatus: normalizeReleaseStatus(value("releaseStatus")),
      verified: value("verified") === "1",
      sort: normalizeSort(value("sort")),
      pageSize: normalizePageSize(value("pageSize")),
    });
  };
  // The counts are of the matches of every other filter (the server leaves the chain out), so
  // each says what choosing that chain would show. A chain beyond the listed ones has no count.
  const countOf = (chain: string) => chainCounts?.[chain] ?? (chainCounts && !otherChains ? 0 : undefined);
  // One entry per order: the default is marked on its own option, not repeated as an empty one.
  // Without words every match is equally relevant: the default puts verified collections first, then newest.
  const defaultSort: SearchSort = "relevance";
  const sorts = SORT_OPTIONS;
  const sortLabel = (sort: SearchSort) => (sort === "relevance" && !input.query ? "Verified first, then newest" : SORT_LABELS[sort]);
  const sort = input.sort && sorts.includes(input.sort) ? input.sort : defaultSort;
  const select = `${controlClass("sm")} mt-1`;
  return (
    <form action="/" method="get" onSubmit={submit} aria-label="Filters" className="grid grid-cols-2 gap-3 sm:grid-cols-4 sm:items-end">
      {input.query ? <input type="hidden" name="query" value={input.query} /> : null}
      {input.category ? <input type="hidden" name="category" value={input.category} /> : null}
      <label className="block text-sm font-medium">
        Chain
        <select
          name="chain"
          value={input.chain ?? ""}
          onChange={(event) => onChange({ chain: normalizeChain(event.target.value) })}
          className={select}
        >
          <option value="">All chains</option>
          {chains.map((chain) => (
            <option key={chain} value={chain}>
              {chain}
              {count(countOf(chain))}
            </option>
          ))}
        </select>
      </label>
      <label className="block text-sm font-medium">
        Release status
        <select
          name="releaseStatus"
          value={input.releaseStatus ?? ""}
          onChange={(event) => onChange({ releaseStatus: normalizeReleaseStatus(event.target.value) })}
          className={select}
        >
          <option value="">Any</option>
          {RELEASE_STATUS_OPTIONS.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
      </label>
      {/* Its labels are long ("Verified first, then newest"): the whole row on a phone. */}
      <label className="block text-sm font-medium max-sm:col-span-2">
        Sort by
        <select
          name="sort"
          value={sort}
          onChange={(event) => {
            const chosen = normalizeSort(event.target.value);
            onChange({ sort: chosen === defaultSort ? null : chosen });
          }}
          className={select}
        >
          {sorts.map((option) => (
            <option key={option} value={option}>
              {sortLabel(option)}
              {option === defaultSort ? " (default)" : ""}
            </option>
          ))}
        </select>
      </label>
      <label className="block text-sm font-medium">
        Per page
        <select
          name="pageSize"
          value={String(input.pageSize)}
          onChange={(event) => onChange({ pageSize: normalizePageSize(event.target.value) })}
          className={select}
        >
          {PAGE_SIZE_OPTIONS.map((size) => (
            <option key={size} value={size}>
              {size}
              {size === DEFAULT_PAGE_SIZE ? " (default)" : ""}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-2 text-sm font-medium sm:pb-2">
        <input
          type="checkbox"
          name="verified"
          value="1"
          checked={input.verified}
          onChange={(event) => onChange({ verified: event.target.checked })}
          className="h-4 w-4 accent-indigo-600"
        />
        Verified only
      </label>
      {hydrated ? null : (
        <button type="submit" className={buttonClass({ tone: "secondary", className: "col-span-2 sm:col-span-4 sm:justify-self-start" })}>
          Apply filters
        </button>
      )}
    </form>
  );
}
