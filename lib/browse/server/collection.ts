import "server-only";
import { cache } from "react";
import { getCollectionRecord } from "@/lib/collections/read";
import { isPossibleId } from "@/lib/schemas/path-id";
import { CATEGORIES, type Category } from "@/lib/schemas/category-list";
import { groupPerks, nextTurnPast } from "@/lib/browse/perk-view";
import type { PerkDoc } from "@/lib/schemas/perk";

/**
 * A collection for its public page, read once per request (page and metadata share it), with its
 * perks grouped as of now, and the moment that grouping ends (`groupedUntil`: the first perk turning Past, or null).
 */
export const getPublicCollection = cache(async (id: string) => {
  if (!isPossibleId(id)) return null;
  const record = await getCollectionRecord(id);
  if (!record) return null;
  const now = Date.now();
  return { ...record, perkGroups: groupPerks(record.perkData, now), groupedUntil: nextTurnPast(record.perkData, now) };
});

/**
 * One perk of a collection as its public page shows it, or null when either is unknown: what
 * "Show more" reads, from the same cached record as the page.
 */
export async function getPublicPerk(id: string, perkId: string): Promise<PerkDoc | null> {
  const record = await getCollectionRecord(id);
  return record?.perkData.find((perk) => perk.PlatformPerkId === perkId) ?? null;
}

/** The categories of a collection's perks, in the contract's order. */
export function categoriesOfPerks(perks: { Tags: readonly Category[] }[]): Category[] {
  const used = new Set(perks.flatMap((perk) => perk.Tags));
  return CATEGORIES.filter((category) => used.has(category));
}
