import { panelClass } from "@/components/ui/panel";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CollectionImage } from "@/components/collection-image";
import { CategoryLinks } from "@/components/collection/category-links";
import { CollectionFacts } from "@/components/collection/collection-facts";
import { PerkGroups } from "@/components/collection/perk-groups";
import { WhatChanged } from "@/components/collection/what-changed";
import { ReleaseBadge, VerifiedBadge } from "@/components/ui/badge";
import { ChainFactsSection } from "@/components/collection/chain-facts";
import { categoriesOfPerks, getPublicCollection } from "@/lib/browse/server/collection";
import { shownPerks } from "@/lib/browse/first-perks";
import { noteShownUntil } from "@/lib/browse/server/page-freshness";
import { chainFactsOf } from "@/lib/chain/server/facts";
import { readPublicChanges } from "@/lib/history/read";
import { TextLink } from "@/components/text-link";
import { CollectionJsonLd } from "@/components/collection/json-ld";
import { collectionMetadata } from "@/lib/syndication/collection-metadata";
import { ViewBeacon } from "@/components/insights/view-beacon";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** `?perk=`: the perk asked for (its "Show more" without JavaScript, or a link to it), rendered and shown whole. */
const wholePerk = async (searchParams: Props["searchParams"]) => {
  const { perk } = await searchParams;
  return typeof perk === "string" ? perk : undefined;
};

/** `?perks=all`: every perk rendered, not only the first (docs/decisions/068). */
const allPerks = async (searchParams: Props["searchParams"]) => (await searchParams).perks === "all";

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const record = await getPublicCollection((await params).id);
  if (!record) return { title: "Collection not found" };
  return {
    ...(await collectionMetadata(record.nftData)),
    // The page with one perk whole is the same page to a search engine: the page without it is indexed.
    ...((await wholePerk(searchParams)) === undefined ? {} : { robots: { index: false, follow: true } }),
  };
}

/**
 * A collection and its perks, read in-process through the same code as the API. Each perk's texts
 * are shown up to a bound, so the page's size follows its number of perks (docs/decisions/060), and
 * the first perks are rendered, the rest on "Show all" (docs/decisions/068).
 */
export default async function CollectionPage({ params, searchParams }: Props) {
  const record = await getPublicCollection((await params).id);
  if (!record) notFound();
  const whole = await wholePerk(searchParams);
  const { nftData: nft, perkData: perks } = record;
  const shown = shownPerks(record.perkGroups, { all: await allPerks(searchParams), perk: whole });
  const [changes, chain] = await Promise.all([readPublicChanges(nft.PlatformNFTId), chainFactsOf(nft)]);
  await noteShownUntil(record.groupedUntil);
  return (
    <main id="main" className="mx-auto flex max-w-6xl flex-col gap-10 px-4 py-8 sm:px-6 sm:py-12">
      <CollectionJsonLd nft={nft} perks={perks} />
      <ViewBeacon body={whole ? { PlatformPerkId: whole } : { PlatformNFTId: nft.PlatformNFTId }} />
      <nav aria-label="Breadcrumb" className="text-sm">
        <TextLink href="/">← All collections</TextLink>
      </nav>
      <div className="grid gap-8 md:grid-cols-[16rem_1fr]">
        <CollectionImage src={nft.ImagePic} title={nft.Title} size={256} className="w-40 rounded-2xl shadow-sm md:w-full" />
        <div className="flex min-w-0 flex-col gap-4">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-3xl font-bold tracking-tight break-words sm:text-4xl">{nft.Title}</h1>
            <ReleaseBadge status={nft.ReleaseStatus} />
            {nft.VerifiedBy ? <VerifiedBadge by={nft.VerifiedBy} /> : null}
          </div>
          <p className="text-slate-600 dark:text-slate-400">
            {nft.ContractChain}
            {nft.Creator ? <> · by {nft.Creator}</> : null}
            {" · "}
            {perks.length === 1 ? "1 perk" : `${perks.length} perks`}
          </p>
          {nft.CollectionDescription ? (
            <p className="max-w-3xl whitespace-pre-line text-slate-800 dark:text-slate-200">{nft.CollectionDescription}</p>
          ) : null}
          <CategoryLinks categories={categoriesOfPerks(perks)} label="Perk categories of this collection" />
        </div>
      </div>
      <div className="grid gap-10 lg:grid-cols-[1fr_22rem]">
        <div className="flex flex-col gap-10">
          <PerkGroups collectionId={nft.PlatformNFTId} shown={shown} whole={whole} />
          <WhatChanged changes={changes} />
        </div>
        <section aria-labelledby="details-heading" className={panelClass("h-fit p-5")}>
          <h2 id="details-heading" className="mb-4 text-lg font-semibold">
            Details
          </h2>
          <CollectionFacts nft={nft} />
          <ChainFactsSection facts={chain} />
        </section>
      </div>
    </main>
  );
}
