import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { BrowseView } from "@/components/browse/browse-view";
import { readForSearchPage } from "@/lib/browse/server/page-freshness";
import { browseChains, browseCollections } from "@/lib/search/browse";
import { browseHref, readBrowseInput, tidyBrowseHref, type BrowseInput } from "@/lib/browse/url-state";
import { publicPageMetadata } from "@/lib/syndication/page-metadata";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const searchOf = (input: BrowseInput) =>
  browseCollections({
    query: input.query || undefined,
    category: input.category ?? undefined,
    chain: input.chain ?? undefined,
    releaseStatus: input.releaseStatus ?? undefined,
    verified: input.verified ? true : undefined,
    sort: input.sort ?? undefined,
    pageSize: input.pageSize,
    pageNum: input.page,
    facets: ["category", "chain"],
  });

/** One canonical URL per view: the state the URL stands for, written as the browser writes it. */
export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const input = readBrowseInput(await searchParams);
  return await publicPageMetadata({ path: browseHref(input), category: input.category });
}

/** The public browser; the first page is searched in-process, the same search as the API. */
export default async function BrowsePage({ searchParams }: Props) {
  const raw = await searchParams;
  const tidy = tidyBrowseHref(raw);
  if (tidy) redirect(tidy);
  const { chains, input, result } = await readForSearchPage(async () => {
    const chains = await browseChains();
    const read = readBrowseInput(raw);
    // A chain no collection is on would be refused by the search: show all chains and say so.
    const input = read.chain !== null && !chains.includes(read.chain) ? { ...read, chain: null } : read;
    return { chains, input, result: await searchOf(input) };
  });
  return (
    <main id="main" className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-8 sm:px-6 sm:py-12">
      <div className="max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Find the perks of NFT collections</h1>
        <p className="mt-3 text-slate-600 dark:text-slate-400">
          Merch, events, discounts, airdrops and more: search what holders get, by category or by name.
        </p>
      </div>
      <BrowseView initialInput={input} initialResult={result} chains={chains} />
    </main>
  );
}
