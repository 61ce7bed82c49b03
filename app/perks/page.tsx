import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Pagination } from "@/components/browse/pagination";
import { Notices } from "@/components/browse/states";
import { FilterForm } from "@/components/perks/filter-form";
import { FilterPanel } from "@/components/perks/filter-panel";
import { PerkList } from "@/components/perks/perk-list";
import { ResultsView } from "@/components/perks/results-view";
import { TextLink } from "@/components/text-link";
import { resolvePage } from "@/lib/search/resolve-page";
import { readForSearchPage } from "@/lib/browse/server/page-freshness";
import { lastPageNote } from "@/lib/browse/url-state";
import { coordinatesOf } from "@/lib/browse/perk-view";
import { perkClock } from "@/lib/schemas/perk-clock";
import { mapTiles } from "@/lib/perks/map-tiles";
import { readPerksPageInput, tidyPerksHref, type PerksPageInput } from "@/lib/perks/page-input";
import { perksHref } from "@/lib/perks/page-url";
import { searchPerks } from "@/lib/search/perks";
import { publicPageMetadata } from "@/lib/syndication/page-metadata";
import type { PerkSearchResult } from "@/lib/schemas/perk-search-params";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const TITLE = "Perks near you";
const DESCRIPTION = "Find NFT holder perks by place and date: events, merch, discounts and more, on a list and a map.";

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const { params } = readPerksPageInput(await searchParams);
  const page = await publicPageMetadata({ path: perksHref(params), title: TITLE, description: DESCRIPTION, category: params.category });
  return { title: TITLE, description: DESCRIPTION, ...page };
}

/** The search of the page's filters; a page past the last answers the last one (`page` says which). */
function find(input: PerksPageInput): Promise<{ result: PerkSearchResult; page: number }> {
  return resolvePage(input.query.pageNum ?? 1, (pageNum) => searchPerks({ ...input.query, pageNum }));
}

const format = (n: number) => n.toLocaleString("en-US");

function pastTheEnd(asked: number, page: number, numPages: number): string[] {
  if (page === asked) return [];
  return [lastPageNote(numPages, "of perks")];
}

/**
 * Perk discovery: the perks API's filters in the URL, answered in-process and rendered on the
 * server as a list, with the map added in the browser. A URL with values that cannot be used as
 * written shows the nearest valid view and says what changed (`readPerksPageInput`); a database
 * failure goes to error.tsx.
 */
export default async function PerksPage({ searchParams }: Props) {
  const raw = await searchParams;
  const tidy = tidyPerksHref(raw, perksHref);
  if (tidy) redirect(tidy);
  const input = readPerksPageInput(raw);
  const { result, page } = await readForSearchPage(() => find(input));
  const notes = [...input.notes, ...pastTheEnd(input.query.pageNum ?? 1, page, result.NumPages)];
  const { pageNum: _page, sort: _sort, ...filters } = input.params;
  const filtered = Object.keys(filters).length > 0;
  return (
    <main id="main" className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12 lg:gap-8">
      <div className="max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Perks by place and date</h1>
        <p className="mt-3 text-slate-600 dark:text-slate-400">
          Meetups, merch drops, discounts and more that NFT holders get: find them near a place, in a date range, or both.
        </p>
        <p className="mt-2 text-sm">
          <TextLink href="/wallet">See the perks a wallet&apos;s NFTs unlock</TextLink>
        </p>
      </div>
      <FilterPanel active={Object.keys(filters).length}>
        <FilterForm params={input.params} now={perkClock.now()} />
      </FilterPanel>
      <Notices notes={notes} />
      <section aria-labelledby="perks-results-title" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id="perks-results-title" className="text-lg font-semibold">
            {filtered ? "Perks matching your filters" : "All perks"}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {result.NumPages === 0 ? "No results" : `Page ${format(page)} of ${format(result.NumPages)}`}
          </p>
        </div>
        {result.Docs.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center dark:border-slate-700">
            <p className="text-lg font-medium">No perks found</p>
            <p className="mt-2 text-slate-600 dark:text-slate-400">
              {filtered ? "Try a wider radius, other dates, or fewer filters." : "No perk has been published yet."}
            </p>
            {filtered ? (
              <a href="/perks" className="mt-4 inline-block text-indigo-700 underline dark:text-indigo-300">
                Clear filters
              </a>
            ) : null}
          </div>
        ) : (
          <ResultsView
            list={
              <div className="flex flex-col gap-4">
                <PerkList docs={result.Docs} />
                <Pagination
                  page={page}
                  numPages={result.NumPages}
                  hrefOf={(target) => perksHref({ ...input.params, pageNum: target === 1 ? undefined : String(target) })}
                />
              </div>
            }
            tiles={mapTiles()}
            center={input.query.near ? [input.query.near.lat, input.query.near.long] : null}
            perks={result.Docs.flatMap((doc) => {
              const point = coordinatesOf(doc.Location);
              if (!point) return [];
              return [
                {
                  id: doc.PlatformPerkId,
                  collectionId: doc.PlatformNFTId,
                  title: doc.ShortDescription,
                  collection: doc.CollectionTitle,
                  verifiedBy: doc.CollectionVerifiedBy ?? null,
                  lat: point.lat,
                  long: point.lon,
                },
              ];
            })}
          />
        )}
      </section>
    </main>
  );
}
