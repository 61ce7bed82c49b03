import "server-only";
import { sql } from "drizzle-orm";
import { copyTransaction } from "@/lib/db/client";
import { BULK_LOAD_SETTINGS, searchRowsThen, type NewCollection } from "./refresh";

/**
 * Stores a seeding batch of new collections with COPY, in one transaction: the collections (their
 * derived columns computed here), their perks, then their search and perk discovery rows through
 * the same statement every write uses. What `insertCollections(db, list, { bulkLoad: true })`
 * stores, row for row (tests/api/seed-copy.test.ts), without planning and parsing one JSON
 * parameter of the whole batch: COPY takes the table's bulk insert path.
 */
export async function copyCollections(list: NewCollection[]): Promise<void> {
  if (list.length === 0) return;
  await copyTransaction(async (tx) => {
    await tx.execute(BULK_LOAD_SETTINGS);
    // `categories` is sorted as the database sorts text (its collation), as the SQL path sorts it.
    const tags = [...new Set(list.flatMap((collection) => collection.perks.flatMap((perk) => perk.data.Tags)))];
    const [sorted] = await tx.execute<{ tags: string[] | null }>(
      sql`SELECT array_agg(tag ORDER BY tag) AS tags FROM jsonb_array_elements_text(${JSON.stringify(tags)}::jsonb) AS tag`,
    );
    // COPY stores values, not a query: a bulk load names its managers (the seed reads them once).
    const managersOf = (collection: NewCollection) => {
      if (!collection.managers) throw new Error(`bulk load of ${collection.id} without its managers`);
      return collection.managers;
    };
    const rank = new Map((sorted?.tags ?? []).map((tag, index) => [tag, index]));
    const categoriesOf = (collection: NewCollection) =>
      [...new Set(collection.perks.flatMap((perk) => perk.data.Tags))].sort((a, b) => rank.get(a)! - rank.get(b)!);
    await tx.copy(
      "collections",
      ["id", "data", "team_id", "managers", "version", "lastmodified", "created_at", "perk_ids", "categories"],
      list.map((collection) => [
        collection.id,
        collection.data,
        collection.teamId,
        managersOf(collection),
        1,
        collection.lastmodified,
        collection.createdAt ?? new Date(),
        collection.perks.map((perk) => perk.id),
        categoriesOf(collection),
      ]),
    );
    await tx.copy(
      "perks",
      ["id", "collection_id", "position", "data"],
      list.flatMap((collection) => collection.perks.map((perk, position) => [perk.id, collection.id, position, perk.data])),
    );
    await tx.execute(searchRowsThen(list.map((collection) => collection.id)));
  });
}
