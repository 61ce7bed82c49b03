import type { Category } from "@/lib/schemas/category-list";
import type { CollectionDoc } from "@/lib/schemas/collection";
import { shorten } from "./xml-text";

/**
 * Characters the card's font (Geist, bundled with next/og) draws: Latin with its accents, and
 * the usual quotes, dashes and ellipsis. For any other character next/og would fetch a font or
 * an emoji image from a CDN while rendering, which a server without internet access cannot do,
 * so the card leaves them out (the page itself shows every character).
 */
const NOT_DRAWN = /[^\u0020-\u007E\u00A0-\u024F\u2013\u2014\u2018-\u201F\u2026]/gu;

export const drawable = (text: string) => text.replace(NOT_DRAWN, "").replace(/\s+/g, " ").trim();

/** What a collection's link preview shows, each text cut to what fits the card. */
export type CardFacts = { title: string; chain: string; verified: boolean; perks: number; categories: string[] };

export const CARD_TITLE_CHARS = 80;
export const CARD_CATEGORIES = 3;

export function cardFacts(nft: CollectionDoc, perkCount: number, categories: Category[]): CardFacts {
  return {
    title: shorten(drawable(nft.Title) || "An NFT collection", CARD_TITLE_CHARS),
    chain: shorten(drawable(nft.ContractChain), 40),
    verified: Boolean(nft.VerifiedBy),
    perks: perkCount,
    categories: categories.slice(0, CARD_CATEGORIES),
  };
}
