import { bigint, date, index, pgTable, text, unique } from "drizzle-orm/pg-core";
import { collections, perks } from "./collections";

/**
 * Partner insights: one row per day (UTC), collection, perk (null for the collection itself) and
 * metric, its count added to by each flush of an instance's in-memory counter (lib/insights/).
 * No visitor is identified here: no address, cookie or user agent is ever stored.
 */
export const insightCounts = pgTable(
  "insight_counts",
  {
    day: date("day", { mode: "string" }).notNull(),
    collectionId: text("collection_id")
      .notNull()
      .references(() => collections.id, { onDelete: "cascade" }),
    perkId: text("perk_id").references(() => perks.id, { onDelete: "cascade" }),
    metric: text("metric").notNull(),
    count: bigint("count", { mode: "number" }).notNull(),
  },
  (table) => [
    // The flush's upsert target: a collection's own row (no perk) is one row too.
    unique("insight_counts_key").on(table.collectionId, table.day, table.perkId, table.metric).nullsNotDistinct(),
    index("insight_counts_perk_idx").on(table.perkId),
  ],
);
