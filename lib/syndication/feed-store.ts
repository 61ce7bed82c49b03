import "server-only";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { collections, perks } from "@/lib/db/schema";
import type { Category } from "@/lib/schemas/category-list";
import { readPublicChangeRows } from "@/lib/history/read";
import type { PerkFields } from "@/lib/schemas/perk";

/** Entries one feed holds: a reader polls it, so the newest are enough. */
export const FEED_ENTRIES = 50;

/** A public change ("What changed" shows the same) with the id of its row, which names its entry. */
export type FeedChange = Awaited<ReturnType<typeof readPublicChangeRows>>[number];

/** A collection's newest public changes with their ids (what "What changed" shows, and more of it). */
export const readFeedChanges = (collectionId: string, limit = FEED_ENTRIES): Promise<FeedChange[]> =>
  readPublicChangeRows(collectionId, limit);

export type CategoryFeedPerk = { perkId: string; collectionId: string; collectionTitle: string; changedAt: number; perk: PerkFields };

/**
 * The perks of a category in the collections changed last, newest first. A perk has no time of its
 * own: its collection's last change stands for it, so a perk added or edited comes back to the
 * top. Read down the collections' recency index until the bound is met.
 */
export async function readCategoryFeedPerks(category: Category, limit = FEED_ENTRIES): Promise<CategoryFeedPerk[]> {
  const db = await getDb();
  return db
    .select({
      perkId: perks.id,
      collectionId: perks.collectionId,
      collectionTitle: sql<string>`${collections.data} ->> 'Title'`,
      changedAt: collections.lastmodified,
      perk: perks.data,
    })
    .from(collections)
    .innerJoin(perks, eq(perks.collectionId, collections.id))
    .where(and(sql`${collections.categories} @> ARRAY[${category}]::text[]`, sql`${perks.data} -> 'Tags' ? ${category}`))
    .orderBy(desc(collections.lastmodified), asc(collections.id), asc(perks.position))
    .limit(limit);
}
