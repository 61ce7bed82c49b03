import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import type { CollectionFields } from "@/lib/schemas/collection";
import type { PerkFields } from "@/lib/schemas/perk";
import { teams } from "./accounts";

/**
 * NFT collections. Partner-owned fields live in `data`, validated by the collection schema; the
 * columns after it are derived from `data` and the perks by `refreshCollections` in the same
 * transaction as every write, so search reads one table.
 */
export const collections = pgTable(
  "collections",
  {
    id: text("id").primaryKey(),
    data: jsonb("data").$type<CollectionFields>().notNull(),
    /** The team that owns it. */
    teamId: text("team_id")
      .notNull()
      .references(() => teams.id),
    /** The team's owners, admins and editors (the contract's `Managers`), rewritten when its members change. */
    managers: text("managers").array().notNull(),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastmodified: bigint("lastmodified", { mode: "number" }).notNull(),
    perkIds: text("perk_ids")
      .array()
      .notNull()
      .default(sql`'{}'`),
    categories: text("categories")
      .array()
      .notNull()
      .default(sql`'{}'`),
  },
  (table) => [
    index("collections_recent_idx").on(table.lastmodified.desc(), table.id),
    index("collections_managers_idx").using("gin", table.managers),
    index("collections_team_idx").on(table.teamId, table.lastmodified.desc(), table.id),
    index("collections_contract_address_idx").on(sql`lower(${table.data} ->> 'ContractAddress')`),
    // A sitemap file is 50,000 collections in id order with their last change: read from this
    // index alone, not from 50,000 scattered rows (bench/sitemap.ts).
    index("collections_sitemap_idx").on(table.id, table.lastmodified),
  ],
);

/** Perks, ordered within their collection by `position`. */
export const perks = pgTable(
  "perks",
  {
    id: text("id").primaryKey(),
    collectionId: text("collection_id")
      .notNull()
      .references(() => collections.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    data: jsonb("data").$type<PerkFields>().notNull(),
  },
  (table) => [
    index("perks_collection_idx").on(table.collectionId, table.position),
    // The perks anyone may have (`TokensRequired` 0), which wallet eligibility reads (lib/holders/
    // open-perks.ts); with the id, the read need not visit the perks' rows.
    index("perks_open_idx")
      .on(table.collectionId, table.id)
      .where(sql`${table.data} ->> 'TokensRequired' = '0'`),
  ],
);

/**
 * Idempotency-Key records of create requests, per team, kept 24 hours. `status` is null while
 * the first request with the key is still running; then it and `response` hold what to replay.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    teamId: text("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    status: integer("status"),
    response: jsonb("response"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.teamId, table.key] }), index("idempotency_keys_created_idx").on(table.createdAt)],
);

/**
 * Every create, edit and delete of a collection or its perks: one row per collection per write,
 * inserted in the write's own transaction (lib/history/record.ts). `changes` lists what changed,
 * field by field; `state` is the collection's partner fields and perks as they were after it (null
 * once deleted), so a restore needs no replay. No foreign key: a deleted collection keeps its history.
 */
export const collectionHistory = pgTable(
  "collection_history",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    collectionId: text("collection_id").notNull(),
    at: bigint("at", { mode: "number" }).notNull(),
    /** The team that owned the collection, and the member who made the change. */
    teamId: text("team_id").notNull(),
    userId: text("user_id").notNull(),
    /** The API key that made the change; null for the portal session. */
    keyId: text("key_id"),
    changes: jsonb("changes").notNull(),
    state: jsonb("state"),
    /** The size of `changes` as text, kept by the database: a history page adds changes up to its byte budget without reading them. */
    changesBytes: integer("changes_bytes")
      .notNull()
      .generatedAlwaysAs(sql`octet_length(changes::text)`),
  },
  (table) => [index("collection_history_collection_idx").on(table.collectionId, table.id.desc())],
);

/**
 * What the public "What changed" section shows of history, a row per perk added, removed or whose
 * date moved: the perk's short description (cut to 200 characters) and the dates, never who. Written
 * with its history entry (`historyId`); the page reads its ten newest rows, a few hundred bytes each,
 * instead of the entries' whole changes and states.
 */
export const collectionPublicChanges = pgTable(
  "collection_public_changes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    historyId: bigint("history_id", { mode: "number" }).notNull(),
    collectionId: text("collection_id").notNull(),
    at: bigint("at", { mode: "number" }).notNull(),
    kind: text("kind", { enum: ["added", "removed", "date", "renamed", "changed"] }).notNull(),
    perk: text("perk").notNull(),
    dateFrom: jsonb("date_from"),
    dateTo: jsonb("date_to"),
  },
  (table) => [index("collection_public_changes_collection_idx").on(table.collectionId, table.historyId.desc(), table.id)],
);
