"use client";

import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useQueryStates } from "nuqs";
import { StatusMessage } from "@/components/ui/alert";
import { ListSkeleton, QueryStates } from "@/components/ui/query-states";
import type { BrowseResult } from "@/lib/schemas/browse-card";
import { browseSearchOptions } from "@/lib/browse/client/queries";
import {
  DEFAULT_PAGE_SIZE,
  browseHref,
  browseParsers,
  describeCorrections,
  filterParams,
  lastPageNote,
  type BrowseInput,
} from "@/lib/browse/url-state";
import type { Category } from "@/lib/schemas/category-list";
import { CategoryChips } from "./category-chips";
import { FilterBar, type FilterChange } from "./filter-bar";
import { Pagination } from "./pagination";
import { RESULTS_GRID, ResultsGrid } from "./results-grid";
import { SearchBox } from "./search-box";
import { EmptyResults, Notices } from "./states";

type Props = { initialInput: BrowseInput; initialResult: BrowseResult; chains: readonly string[] };

const same = (a: BrowseInput, b: BrowseInput) => (Object.keys(a) as (keyof BrowseInput)[]).every((key) => a[key] === b[key]);

/**
 * The browser's state lives in the URL (nuqs): the server rendered the first page of it, and
 * every later change fetches through react-query without reloading, keeping the last results on
 * screen until the next arrive.
 */
export function BrowseView({ initialInput, initialResult, chains }: Props) {
  const [urlInput, setInput] = useQueryStates(browseParsers, { history: "push" });
  // A chain no collection is on is dropped, as the server page did (the search would refuse it).
  const input = urlInput.chain !== null && !chains.includes(urlInput.chain) ? { ...urlInput, chain: null } : urlInput;
  const results = useQuery({ ...browseSearchOptions(input), initialData: same(input, initialInput) ? initialResult : undefined });
  const { data, isPending, isPlaceholderData, isFetching } = results;
  const raw = useSearchParams();
  const notes = describeCorrections(
    Object.fromEntries(["query", "category", "chain", "releaseStatus", "page"].map((name) => [name, raw.get(name) ?? undefined])),
    chains,
  );
  if (data && !isPlaceholderData && data.page !== input.page && data.NumPages > 0) {
    notes.push(lastPageNote(data.NumPages, "of results"));
  }

  // Typing replaces the history entry (no entry per keystroke); categories and pages push one.
  const search = (query: string) => void setInput({ query: query || null, page: null }, { history: "replace" });
  const selectCategory = (category: Category | null) => void setInput({ category, page: null });
  const goToPage = (page: number) => void setInput({ page }, { scroll: true });
  const changeFilters = (change: FilterChange) =>
    void setInput({
      ...change,
      ...(change.pageSize === DEFAULT_PAGE_SIZE ? { pageSize: null } : {}),
      ...(change.verified === false ? { verified: null } : {}),
      page: null,
    });

  const updating = isFetching && isPlaceholderData;
  return (
    <div className="flex flex-col gap-6">
      <SearchBox value={input.query} keep={filterParams(input)} onSearch={search} />
      <CategoryChips input={input} counts={data?.facets?.category} onSelect={selectCategory} />
      <FilterBar
        input={input}
        chains={chains}
        chainCounts={data?.facets?.chain}
        otherChains={data?.facetsOther?.chain}
        onChange={changeFilters}
      />
      <Notices notes={notes} />
      <section aria-labelledby="results-heading" aria-busy={updating || isPending} className="flex flex-col gap-6">
        <div className="flex items-baseline justify-between gap-4">
          <h2 id="results-heading" className="text-lg font-semibold">
            {input.category ? `Collections with ${input.category} perks` : "All collections"}
            {input.query ? <span className="font-normal text-slate-600 dark:text-slate-400"> matching “{input.query}”</span> : null}
          </h2>
          <StatusMessage look="muted" className="shrink-0">
            {updating || isPending ? "Loading…" : data ? summary(data) : ""}
          </StatusMessage>
        </div>
        <QueryStates
          query={results}
          what="The results"
          empty={{
            when: (result) => result.cards.length === 0,
            say: (
              <EmptyResults
                input={input}
                onClear={() => void setInput({ query: null, category: null, chain: null, releaseStatus: null, verified: null, page: null })}
                onAllCategories={() => selectCategory(null)}
              />
            ),
          }}
          skeleton={<ListSkeleton grid={RESULTS_GRID} />}
        >
          {(result) => (
            <>
              <ResultsGrid cards={result.cards} dimmed={updating} />
              <Pagination
                page={result.page}
                numPages={result.NumPages}
                hrefOf={(page) => browseHref({ ...input, page })}
                onPage={goToPage}
              />
            </>
          )}
        </QueryStates>
      </section>
    </div>
  );
}

function summary(data: BrowseResult): string {
  if (data.NumPages === 0) return "No results";
  return `Page ${data.page.toLocaleString("en-US")} of ${data.NumPages.toLocaleString("en-US")}`;
}
