import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import type { CollectionFields } from "@/lib/schemas/collection";
import type { PerkFields } from "@/lib/schemas/perk";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** Partner accounts. Column names follow better-auth's user model so the portal can share it. */
export const users = pgTable("users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** API keys: only a SHA-256 of the key is kept; `prefix` lets a person recognise a key. */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [index("api_keys_user_idx").on(table.userId)],
);

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
    managers: text("managers").array().notNull(),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastmodified: bigint("lastmodified", { mode: "number" }).notNull(),
    perkIds: text("perk_ids").array().notNull().default(sql`'{}'`),
    categories: text("categories").array().notNull().default(sql`'{}'`),
    titleTsv: tsvector("title_tsv").notNull().default(sql`''::tsvector`),
    searchTsv: tsvector("search_tsv").notNull().default(sql`''::tsvector`),
  },
  (table) => [
    index("collections_recent_idx").on(table.lastmodified.desc(), table.id),
    index("collections_categories_idx").using("gin", table.categories),
    index("collections_managers_idx").using("gin", table.managers),
    index("collections_search_idx").using("gin", table.searchTsv),
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
  (table) => [index("perks_collection_idx").on(table.collectionId, table.position)],
);

/* Portal sign-in, in better-auth's model (sessions, credentials, verification tokens); see lib/auth/portal-auth.ts. */

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("sessions_user_idx").on(table.userId)],
);

/** Sign-in methods of an account; `password` holds the scrypt hash for email and password. */
export const credentials = pgTable(
  "credentials",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    password: text("password"),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("credentials_user_idx").on(table.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("verifications_identifier_idx").on(table.identifier)],
);

/**
 * Idempotency-Key records of create requests, per account, kept 24 hours. `status` is null while
 * the first request with the key is still running; then it and `response` hold what to replay.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    status: integer("status"),
    response: jsonb("response"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] }), index("idempotency_keys_created_idx").on(table.createdAt)],
);
