import "server-only";
import type { Metadata } from "next";
import { collectionPageHref } from "@/lib/perks/page-url";
import type { CollectionDoc } from "@/lib/schemas/collection";
import { pageOrigin } from "./page-origin";
import { publicPageMetadata } from "./page-metadata";
import { collectionCalendarPath, collectionCardPath, collectionFeedPath } from "./paths";
import { shorten } from "./xml-text";

/** The length search engines and link previews show of a description. */
const DESCRIPTION_CHARS = 160;

/**
 * A collection page's title and description, its canonical URL (without `?perk=` or `?perks=all`:
 * those show the same collection), its link preview with its own card image
 * and the feed and calendar that follow it.
 */
export async function collectionMetadata(nft: CollectionDoc): Promise<Metadata> {
  const origin = await pageOrigin();
  const path = collectionPageHref(nft.PlatformNFTId);
  // A page without a description of its own would have no meta description at all (search
  // engines and Lighthouse's SEO audit ask for one): it says what the page is instead.
  const description = shorten(
    nft.CollectionDescription?.trim() || `The perks holders of ${nft.Title} get, a collection on ${nft.ContractChain}.`,
    DESCRIPTION_CHARS,
  );
  const page = await publicPageMetadata({ path, title: nft.Title, description });
  const card = {
    url: origin + collectionCardPath(nft.PlatformNFTId),
    width: 1200,
    height: 630,
    alt: `${nft.Title}: its chain, perks and categories`,
  };
  return {
    title: nft.Title,
    description,
    ...page,
    alternates: {
      ...page.alternates,
      types: {
        "application/atom+xml": [{ url: origin + collectionFeedPath(nft.PlatformNFTId), title: `${nft.Title}: what changed` }],
        "text/calendar": [{ url: origin + collectionCalendarPath(nft.PlatformNFTId), title: `${nft.Title}: dated perks` }],
      },
    },
    openGraph: { ...page.openGraph, images: [card] },
    twitter: { card: "summary_large_image", title: nft.Title, description, images: [card] },
  };
}
