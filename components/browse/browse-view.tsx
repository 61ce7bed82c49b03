"use client";

import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useQueryStates } from "nuqs";
import { StatusMessage } from "@/components/ui/alert";
import type { BrowseResult } from "@/lib/browse/cards";
import { browseSearchOptions } from "@/lib/browse/client/queries";
import { browseHref, browseParsers, describeCorrections, type BrowseInput } from "@/lib/browse/url-state";
import type { Category } from "@/lib/schemas/category-list";
import { CategoryChips } from "./category-chips";
import { Pagination } from "./pagination";
import { ResultsGrid, ResultsSkeleton } from "./results-grid";
import { SearchBox } from "./search-box";
import { EmptyResults, ErrorPanel, Notices } from "./states";

type Props = { initialInput: BrowseInput; initialResult: BrowseResult };

const same = (a: BrowseInput, b: BrowseInput) => a.query === b.query && a.category === b.category && a.page === b.page;

/**
 * The browser's state lives in the URL (nuqs): the server rendered the first page of it, and
 * every later change fetches through react-query without reloading, keeping the last results on
 * screen until the next arrive.
 */
export function BrowseView({ initialInput, initialResult }: Props) {
  const [input, setInput] = useQueryStates(browseParsers, { history: "push" });
  const { data, isPending, isError, error, isPlaceholderData, isFetching, refetch } = useQuery({
    ...browseSearchOptions(input),
    initialData: same(input, initialInput) ? initialResult : undefined,
  });
  const raw = useSearchParams();
  const notes = describeCorrections({
    query: raw.get("query") ?? undefined,
    category: raw.get("category") ?? undefined,
    page: raw.get("page") ?? undefined,
  });
  if (data && !isPlaceholderData && data.page !== input.page && data.NumPages > 0) {
    notes.push(
      `There ${data.NumPages === 1 ? "is only 1 page" : `are only ${data.NumPages.toLocaleString("en-US")} pages`} of results, so the last one is shown.`,
    );
  }

  // Typing replaces the history entry (no entry per keystroke); categories and pages push one.
  const search = (query: string) => void setInput({ query: query || null, page: null }, { history: "replace" });
  const selectCategory = (category: Category | null) => void setInput({ category, page: null });
  const goToPage = (page: number) => void setInput({ page }, { scroll: true });

  const updating = isFetching && isPlaceholderData;
  return (
    <div className="flex flex-col gap-6">
      <SearchBox value={input.query} category={input.category} onSearch={search} />
      <CategoryChips input={input} onSelect={selectCategory} />
      <Notices notes={notes} />
      <section aria-labelledby="results-heading" aria-busy={updating || isPending} className="flex flex-col gap-6">
        <div className="flex items-baseline justify-between gap-4">
          <h2 id="results-heading" className="text-lg font-semibold">
            {input.category ? `${input.category} perks` : "All collections"}
            {input.query ? <span className="font-normal text-slate-600 dark:text-slate-400"> matching “{input.query}”</span> : null}
          </h2>
          <StatusMessage look="muted" className="shrink-0">
            {updating || isPending ? "Loading…" : data ? summary(data) : ""}
          </StatusMessage>
        </div>
        {isError && !data ? (
          <ErrorPanel message={error.message} onRetry={() => void refetch()} />
        ) : isPending || !data ? (
          <ResultsSkeleton />
        ) : data.cards.length === 0 ? (
          <EmptyResults input={input} onClear={() => void setInput({ query: null, category: null, page: null })} />
        ) : (
          <>
            <ResultsGrid cards={data.cards} dimmed={updating} />
            <Pagination page={data.page} numPages={data.NumPages} hrefOf={(page) => browseHref({ ...input, page })} onPage={goToPage} />
          </>
        )}
      </section>
    </div>
  );
}

function summary(data: BrowseResult): string {
  if (data.NumPages === 0) return "No results";
  return `Page ${data.page.toLocaleString("en-US")} of ${data.NumPages.toLocaleString("en-US")}`;
}
