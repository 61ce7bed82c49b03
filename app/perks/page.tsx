import type { Metadata } from "next";
import { ZodError } from "zod";
import { FilterForm } from "@/components/perks/filter-form";
import { MapSection } from "@/components/perks/map-section";
import { PageLinks } from "@/components/perks/page-links";
import { PerkList } from "@/components/perks/perk-list";
import { Alert } from "@/components/ui/alert";
import { coordinatesOf } from "@/lib/browse/perk-view";
import { perkClock } from "@/lib/perks/clock";
import { mapTiles } from "@/lib/perks/map-tiles";
import { perkAnchorHref, readPerksPageParams } from "@/lib/perks/page-url";
import { searchPerks } from "@/lib/perks/search";
import { describeIssue } from "@/lib/schemas/issue-path";
import { perkSearchQuery, type PerkSearchParams, type PerkSearchResult } from "@/lib/schemas/perk-search-params";

export const metadata: Metadata = {
  title: "Perks near you",
  description: "Find NFT holder perks by place and date: events, merch, discounts and more, on a list and a map.",
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

type Outcome = { kind: "ok"; query: PerkSearchParams; result: PerkSearchResult } | { kind: "invalid"; message: string };

async function find(params: Record<string, string>): Promise<Outcome> {
  let query: PerkSearchParams;
  try {
    query = perkSearchQuery.parse(new URLSearchParams(params));
  } catch (error) {
    if (error instanceof ZodError) return { kind: "invalid", message: describeIssue(error) };
    throw error;
  }
  return { kind: "ok", query, result: await searchPerks(query) };
}

/**
 * Perk discovery: the perks API's filters in the URL, answered in-process and rendered on the
 * server as a list, with the map added in the browser. A database failure goes to error.tsx.
 */
export default async function PerksPage({ searchParams }: Props) {
  const params = readPerksPageParams(await searchParams);
  const outcome = await find(params);
  const page = outcome.kind === "ok" ? (outcome.query.pageNum ?? 1) : 1;
  return (
    <main id="main" className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-8 sm:px-6 sm:py-12">
      <div className="max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Perks by place and date</h1>
        <p className="mt-3 text-slate-600 dark:text-slate-400">
          Meetups, merch drops, discounts and more that NFT holders get: find them near a place, in a date range, or both.
        </p>
      </div>
      <FilterForm params={params} now={perkClock.now()} />
      {outcome.kind === "invalid" ? (
        <Alert look="panel">
          <p className="font-medium">These filters cannot be used together or as written.</p>
          <p className="mt-2 text-sm">{outcome.message}</p>
        </Alert>
      ) : outcome.result.Docs.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center dark:border-slate-700">
          <p className="text-lg font-medium">No perks found</p>
          <p className="mt-2 text-slate-600 dark:text-slate-400">Try a wider radius, other dates, or fewer filters.</p>
        </div>
      ) : (
        <div className="grid gap-8 lg:grid-cols-2">
          <section aria-labelledby="perks-list-title" className="flex flex-col gap-3">
            <h2 id="perks-list-title" className="text-lg font-semibold">
              {outcome.result.NumPages > 1 ? `Page ${page} of ${outcome.result.NumPages.toLocaleString("en-US")}` : "Results"}
            </h2>
            <PerkList docs={outcome.result.Docs} />
            <PageLinks params={params} page={page} numPages={outcome.result.NumPages} />
          </section>
          <MapSection
            tiles={mapTiles()}
            center={outcome.query.near ? [outcome.query.near.lat, outcome.query.near.long] : null}
            perks={outcome.result.Docs.flatMap((doc) => {
              const point = coordinatesOf(doc.Location);
              if (!point) return [];
              return [
                {
                  id: doc.PlatformPerkId,
                  title: doc.ShortDescription,
                  collection: doc.CollectionTitle,
                  href: perkAnchorHref(doc.PlatformNFTId, doc.PlatformPerkId),
                  lat: point.lat,
                  long: point.lon,
                },
              ];
            })}
          />
        </div>
      )}
    </main>
  );
}
