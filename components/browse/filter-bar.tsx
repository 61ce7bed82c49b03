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

export type FilterChange = Partial<Pick<BrowseInput, "chain" | "releaseStatus" | "sort" | "pageSize">>;

type Props = {
  input: BrowseInput;
  /** Every chain a collection is on. */
  chains: readonly string[];
  /** Matches per chain for the current search, when known. */
  chainCounts: Record<string, number> | undefined;
  onChange: (change: FilterChange) => void;
};

const SORT_LABELS: Record<(typeof SORT_OPTIONS)[number], string> = {
  relevance: "Best match",
  newest: "Newest",
  title: "Title A–Z",
};

const count = (n: number | undefined) => (n === undefined ? "" : ` (${n.toLocaleString("en-US")})`);

/**
 * Chain, release status, order and page size. Each change applies at once; without JavaScript it
 * is a GET form to the same page (the query and category ride along hidden), sent by Apply.
 */
export function FilterBar({ input, chains, chainCounts, onChange }: Props) {
  const hydrated = useHydrated();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? "");
    onChange({
      chain: normalizeChain(value("chain")),
      releaseStatus: normalizeReleaseStatus(value("releaseStatus")),
      sort: normalizeSort(value("sort")),
      pageSize: normalizePageSize(value("pageSize")),
    });
  };
  // Counts per chain are of the current matches; with a chain chosen they would all but one be 0.
  const counts = input.chain === null ? chainCounts : undefined;
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
              {count(counts ? (counts[chain] ?? 0) : undefined)}
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
      <label className="block text-sm font-medium">
        Sort by
        <select
          name="sort"
          value={input.sort ?? ""}
          onChange={(event) => onChange({ sort: normalizeSort(event.target.value) })}
          className={select}
        >
          <option value="">{input.query ? "Best match" : "Newest"} (default)</option>
          {SORT_OPTIONS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
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
      {hydrated ? null : (
        <button type="submit" className={buttonClass({ tone: "secondary", className: "col-span-2 sm:col-span-4 sm:justify-self-start" })}>
          Apply filters
        </button>
      )}
    </form>
  );
}
