import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  doublePrecision,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { CollectionFields } from "@/lib/schemas/collection";
import type { PerkFields } from "@/lib/schemas/perk";
import { TEAM_ROLES } from "@/lib/schemas/team-roles";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
const bitVarying = customType<{ data: string }>({ dataType: () => "bit varying" });
/** Text compared byte by byte, so that a prefix's terms are one range of an index. */
const byteOrderText = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });

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

/**
 * Partner teams: a team owns collections, API keys, webhook endpoints, Idempotency-Key records and
 * the budgets; accounts are its members (decision 064). Migration 0021 made each account that
 * existed before teams a team of one whose id is the account's.
 */
export const teams = pgTable("teams", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const teamMembers = pgTable(
  "team_members",
  {
    teamId: text("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: TEAM_ROLES }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.userId] }),
    index("team_members_user_idx").on(table.userId, table.createdAt),
    check("team_members_role", sql`${table.role} IN ('viewer', 'editor', 'admin', 'owner')`),
  ],
);

/**
 * API keys, a team's: only a SHA-256 of the key is kept; `prefix` lets a person recognise a key.
 * `userId` is the member who minted it; a `read` key acts as a viewer.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    teamId: text("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    scope: text("scope", { enum: ["read", "write"] })
      .notNull()
      .default("write"),
    label: text("label").notNull(),
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [
    index("api_keys_user_idx").on(table.userId),
    index("api_keys_team_idx").on(table.teamId),
    check("api_keys_scope", sql`${table.scope} IN ('read', 'write')`),
  ],
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
  ],
);

/**
 * The filter columns of a search row (migration 0006), on both search tables so that the title
 * read filters as the full one does. Perk status depends on the time of the search (a perk dated
 * before now is Past, lib/schemas/perk-lifecycle.ts), so the row keeps what decides it at any time.
 */
const searchFilterColumns = () => ({
  /** `ContractChain` exactly as stored. */
  chain: text("chain").notNull().default(""),
  /** `ReleaseStatus`, null when not set. */
  releaseStatus: text("release_status"),
  /** Some perk is stored as Past. */
  perkPast: boolean("perk_past").notNull().default(false),
  /** The earliest moment (ms, `perkPastFrom`) one of the perks not stored as Past is over: the collection has a Past perk from then on. */
  datedFirst: bigint("dated_first", { mode: "number" }),
  /** The latest moment (ms, `perkPastFrom`) a stored Upcoming perk is over, undated ones as the largest bigint; null without any. */
  upcomingLast: bigint("upcoming_last", { mode: "number" }),
});

/**
 * The collection carries its contract's verified badge (`chain_contracts.verified_collection_id`),
 * kept by `refreshCollections` and by a trigger on `chain_contracts` (migration 0019): a filter
 * and a rank key of search.
 */
const verifiedColumn = () => ({ verified: boolean("verified").notNull().default(false) });

/**
 * What search reads, one narrow row per collection, kept in step with `collections` and `perks`
 * by `refreshCollections` inside every write transaction. Vectors are stripped (no positions or
 * weights): ranking uses which field matched, not where, so no positions are stored or read.
 * See docs/search.md.
 */
export const collectionSearch = pgTable(
  "collection_search",
  {
    id: text("id")
      .primaryKey()
      .references(() => collections.id, { onDelete: "cascade" }),
    lastmodified: bigint("lastmodified", { mode: "number" }).notNull(),
    /** Bit i set when a perk carries CATEGORIES[i]. */
    categories: integer("categories").notNull().default(0),
    /** Distinct words of the title: among title matches, the shortest title (the exact one) first. */
    titleWords: integer("title_words").notNull().default(0),
    /** Title words, and a lexeme `#i` for each category bit (see `searchTsv`). */
    titleTsv: tsvector("title_tsv")
      .notNull()
      .default(sql`''::tsvector`),
    /** Title and creator. */
    headTsv: tsvector("head_tsv")
      .notNull()
      .default(sql`''::tsvector`),
    /** Title, creator and description. */
    bodyTsv: tsvector("body_tsv")
      .notNull()
      .default(sql`''::tsvector`),
    /**
     * Everything searchable, perk text included, and a lexeme `#i` for each category bit i: no
     * text a person types can produce `#`, and a category filter AND-ed into the tsquery is then
     * answered by the GIN index instead of by reading rows.
     */
    searchTsv: tsvector("search_tsv")
      .notNull()
      .default(sql`''::tsvector`),
    ...searchFilterColumns(),
    /** The title in lower case, cut to 200 characters: the `sort=title` order. */
    titleKey: text("title_key").notNull().default(""),
    /** The row's bit in `search_bitmaps`: drawn once, kept by the write path's upsert, never reused. */
    doc: integer("doc")
      .notNull()
      .default(sql`nextval('collection_search_docs')`),
    ...verifiedColumn(),
  },
  (table) => [
    uniqueIndex("collection_search_doc_idx").on(table.doc),
    index("collection_search_recent_idx").on(table.lastmodified.desc(), table.id),
    // Verified rows are few: their own small index serves `verified=1` and puts them first in a
    // newest-first walk (migration 0019).
    index("collection_search_verified_idx")
      .on(table.lastmodified.desc(), table.id)
      .where(sql`${table.verified}`),
    index("collection_search_text_idx").using("gin", table.searchTsv),
    index("collection_search_chain_idx").on(table.chain),
    index("collection_search_title_key_idx").on(table.titleKey, table.id),
  ],
);

/**
 * The title columns of `collection_search` again, in rows of about 135 bytes instead of 950, so
 * that title counts and title-ordered pages read a seventh of the heap pages. Written only by
 * triggers on `collection_search` (migration 0004), so every statement that writes a search row
 * writes this one in the same transaction.
 */
export const collectionSearchTitles = pgTable(
  "collection_search_titles",
  {
    id: text("id")
      .primaryKey()
      .references(() => collectionSearch.id, { onDelete: "cascade" }),
    titleWords: integer("title_words").notNull(),
    lastmodified: bigint("lastmodified", { mode: "number" }).notNull(),
    titleTsv: tsvector("title_tsv").notNull(),
    ...searchFilterColumns(),
    ...verifiedColumn(),
  },
  (table) => [
    index("collection_search_titles_tsv_idx").using("gin", table.titleTsv),
    // Title matches in rank order, so a broad title word's first page stops after 20 rows. The
    // index also INCLUDEs title_tsv (migration 0013; drizzle's index builder has no INCLUDE): the
    // walk tests each title's words on the index alone, an index-only scan on all-visible pages
    // (docs/decisions/048-title-order-index-holds-the-words.md). Verified titles first among
    // those with as many words (migration 0019, decision 062).
    index("collection_search_titles_order_idx").on(table.titleWords, table.verified.desc(), table.lastmodified.desc(), table.id),
  ],
);

/**
 * Advanced by the number of `collection_search` rows each statement inserts, updates or deletes
 * (statement triggers, migration 0005). One row write changes any lexeme's document count by at
 * most one, so the distance from the value a `frequentLexemes` snapshot recorded bounds how far
 * the snapshot's counts can have drifted. Sequences ignore rollbacks: the bound only grows.
 */
export const collectionSearchWrites = pgSequence("collection_search_writes", { startWith: 0, minValue: 0 });

/**
 * Lexemes of `collection_search.search_tsv` held by at least RESULT_WINDOW collections when the
 * snapshot was taken (`refreshFrequentLexemes`): a query that covers one of them, less the drift,
 * fills the window without counting. Prefixes are looked up by range, hence the pattern index.
 */
export const frequentLexemes = pgTable(
  "frequent_lexemes",
  {
    word: text("word").primaryKey(),
    ndoc: integer("ndoc").notNull(),
  },
  (table) => [index("frequent_lexemes_prefix_idx").on(table.word.op("text_pattern_ops"))],
);

/**
 * The same for `collection_search_titles.title_tsv`, taken with it: title rows are written only
 * with their search rows (triggers, cascade), so the same counter bounds their drift, and a word
 * in RESULT_WINDOW titles spares the title count as well.
 */
export const frequentTitleLexemes = pgTable(
  "frequent_title_lexemes",
  {
    word: text("word").primaryKey(),
    ndoc: integer("ndoc").notNull(),
  },
  (table) => [index("frequent_title_lexemes_prefix_idx").on(table.word.op("text_pattern_ops"))],
);

/** The one snapshot's write counter value (taken before its counts) and time; null before the first. */
export const frequentLexemesState = pgTable(
  "frequent_lexemes_state",
  {
    id: boolean("id").primaryKey().default(true),
    refreshedAtWrites: bigint("refreshed_at_writes", { mode: "number" }).notNull(),
    refreshedAt: timestamp("refreshed_at", { withTimezone: true }),
  },
  (table) => [check("frequent_lexemes_state_one_row", sql`${table.id}`)],
);

/** Bit numbers of search rows (`collectionSearch.doc`), from 0. */
export const collectionSearchDocs = pgSequence("collection_search_docs", { startWith: 0, minValue: 0 });

/**
 * Which search rows hold a term, as bitmaps of 65,536 `doc` numbers each (`chunk` n holds docs
 * n * 65,536 and up): counts and facets are a few bitwise ANDs and ORs and a popcount instead of a
 * visit to the heap page of every match. Terms (`uds_bitmap_terms`, migration 0010): `a:` a
 * lexeme of `search_tsv`, `p:` its first 1 to 3 characters, `t:` and `q:` the same for
 * `title_tsv`, `c:` the chain. Kept in step by `applySearchBitmapChanges` from the queue below.
 */
export const searchBitmaps = pgTable(
  "search_bitmaps",
  {
    term: byteOrderText("term").notNull(),
    chunk: integer("chunk").notNull(),
    bits: bitVarying("bits").notNull(),
  },
  (table) => [primaryKey({ columns: [table.term, table.chunk] })],
);

/**
 * Search row writes not yet in `search_bitmaps`, queued by triggers on `collection_search` in the
 * writing transaction: the terms a row had before (null for an insert) and has after (null for a
 * delete). Counts correct the bitmaps by these rows, so they are exact in any snapshot.
 */
export const searchBitmapChanges = pgTable("search_bitmap_changes", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  doc: integer("doc").notNull(),
  oldTerms: text("old_terms").array(),
  newTerms: text("new_terms").array(),
});

/** When the bitmaps were last built from every search row; null: not built, searches count rows. */
export const searchBitmapsState = pgTable(
  "search_bitmaps_state",
  {
    id: boolean("id").primaryKey().default(true),
    builtAt: timestamp("built_at", { withTimezone: true }),
  },
  (table) => [check("search_bitmaps_state_one_row", sql`${table.id}`)],
);

/**
 * Indexes a bulk load dropped, with their definitions, until it builds them again
 * (lib/db/deferred-indexes.ts): a load that stops half way leaves them here to be built.
 */
export const deferredIndexes = pgTable("deferred_indexes", {
  name: text("name").primaryKey(),
  definition: text("definition").notNull(),
});

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
 * What perk discovery (`GET /api-gateway/perks`) reads, one narrow row per perk, rewritten from
 * `perk_search_source` (migration 0007) by `refreshCollections` and `insertCollections` inside
 * every write transaction, as `collection_search` is. Status is the stored one: whether a date
 * is over is decided at read time against `past_from` (lib/schemas/perk-lifecycle.ts).
 */
export const perkSearch = pgTable(
  "perk_search",
  {
    id: text("id")
      .primaryKey()
      .references(() => perks.id, { onDelete: "cascade" }),
    collectionId: text("collection_id")
      .notNull()
      .references(() => collections.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    /** Both or neither: a perk has a place only with a whole coordinate pair. */
    lat: doublePrecision("lat"),
    long: doublePrecision("long"),
    /** The perk's Date as ms since the epoch; null without one. */
    dateMs: bigint("date_ms", { mode: "number" }),
    /** The first moment the perk is Past by its date (`perkPastFrom`). */
    pastFrom: bigint("past_from", { mode: "number" }),
    status: text("status"),
    oneTime: boolean("one_time"),
    /** Bit i set when the perk carries CATEGORIES[i]. */
    categories: integer("categories").notNull().default(0),
    /** The short description: a match there ranks first. */
    shortTsv: tsvector("short_tsv")
      .notNull()
      .default(sql`''::tsvector`),
    /** Short and long description and the collection's title. */
    searchTsv: tsvector("search_tsv")
      .notNull()
      .default(sql`''::tsvector`),
  },
  (table) => [
    // The bounding-box prefilter of a distance search: a latitude band, longitudes tested in the
    // index, and the id, so that the count and the page of a distance search (which read only
    // lat, long and id) are index-only scans and visit no table page
    // (docs/decisions/045-distance-searches-read-the-index-and-the-nearest-circle.md).
    index("perk_search_place_idx").on(table.lat, table.long, table.id),
    index("perk_search_date_idx").on(table.dateMs, table.id),
    index("perk_search_collection_idx").on(table.collectionId),
    index("perk_search_text_idx").using("gin", table.searchTsv),
  ],
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
    /** The team the portal works in; unset, or no longer the account's, the account's first team. */
    teamId: text("team_id").references(() => teams.id, { onDelete: "set null" }),
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
    kind: text("kind", { enum: ["added", "removed", "date"] }).notNull(),
    perk: text("perk").notNull(),
    dateFrom: jsonb("date_from"),
    dateTo: jsonb("date_to"),
  },
  (table) => [index("collection_public_changes_collection_idx").on(table.collectionId, table.historyId.desc(), table.id)],
);

/**
 * A team's webhook endpoints. The signing secret is kept as issued (`whsec_…`): signing needs
 * it, unlike an API key, which is only ever compared. `failingSince` is the first failed delivery
 * since the last success; 24 hours of failures disable the endpoint, with the reason in `disabledReason`.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: text("id").primaryKey(),
    teamId: text("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    events: text("events").array().notNull(),
    secret: text("secret").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    disabledReason: text("disabled_reason"),
    failingSince: timestamp("failing_since", { withTimezone: true }),
    /** When a test event to it was last started: one at a time per endpoint, whoever clicks. */
    testStartedAt: timestamp("test_started_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("webhook_endpoints_team_idx").on(table.teamId)],
);

/**
 * One event for one endpoint and how its delivery went; the pg-boss job that sends it carries only
 * this row's id. `id` is the event's `webhook-id`, the same on every attempt.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventType: text("event_type").notNull(),
    payload: jsonb("payload").notNull(),
    /** pending, delivered or failed (gave up after 24 hours, or the endpoint was disabled). */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    /**
     * When the attempt under way started; null between attempts. A second attempt (a resend, a
     * job handed out again) waits while it is younger than an attempt can last.
     */
    attemptStartedAt: timestamp("attempt_started_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("webhook_deliveries_endpoint_idx").on(table.endpointId, table.createdAt)],
);

/** Token ids and amounts are uint256: numeric(78) holds every one exactly. */
const uint256 = customType<{ data: string }>({ dataType: () => "numeric(78, 0)" });

/**
 * One row per synced contract (chain label in lower case, address in lower case), shared by every
 * collection naming it, written only by the sync (lib/chain/server): collections are never
 * updated by it, so their Version, history and row locks are the partners' alone. Retrieval and
 * search read it beside the collection (`STORED_COLLECTION_COLUMNS`). See docs/chain.md.
 */
export const chainContracts = pgTable(
  "chain_contracts",
  {
    chainKey: text("chain_key").notNull(),
    address: text("address").notNull(),
    chainId: integer("chain_id").notNull(),
    /** Synced when the cursor reached the head minus the confirmation depth and no error stands. */
    status: text("status").notNull().default("Updating"),
    /** First block indexed: the deployment block, or the chain's configured start block. */
    startBlock: bigint("start_block", { mode: "number" }),
    /** The last block indexed, and its hash (a different hash there later means a reorg). */
    cursorBlock: bigint("cursor_block", { mode: "number" }),
    cursorHash: text("cursor_hash"),
    /** ERC721 or ERC1155; null until identified or when not an NFT contract. */
    standard: text("standard"),
    name: text("name"),
    symbol: text("symbol"),
    /** EIP-173 `owner()` at the last identification, lower case; null without one. */
    owner: text("owner"),
    minted: uint256("minted")
      .notNull()
      .default(sql`0`),
    burned: uint256("burned")
      .notNull()
      .default(sql`0`),
    holders: integer("holders").notNull().default(0),
    /** Why the contract is not synced, in words; null when nothing is wrong. */
    error: text("error"),
    /** Consecutive failed attempts, for the back-off. */
    failures: integer("failures").notNull().default(0),
    /** The one collection whose publisher proved control of this contract (signed by its `owner()`), and that address. */
    verifiedCollectionId: text("verified_collection_id"),
    verifiedBy: text("verified_by"),
    syncedAt: timestamp("synced_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.chainKey, table.address] })],
);

/** Each indexed transfer (an ERC-1155 batch gives one row per id), kept so a reorg can be undone exactly. */
export const chainTransfers = pgTable(
  "chain_transfers",
  {
    chainKey: text("chain_key").notNull(),
    address: text("address").notNull(),
    block: bigint("block", { mode: "number" }).notNull(),
    logIndex: integer("log_index").notNull(),
    batchIndex: integer("batch_index").notNull().default(0),
    tokenId: uint256("token_id").notNull(),
    fromAddress: text("from_address").notNull(),
    toAddress: text("to_address").notNull(),
    amount: uint256("amount").notNull(),
  },
  (table) => [primaryKey({ columns: [table.chainKey, table.address, table.block, table.logIndex, table.batchIndex] })],
);

/** Who holds how many of each token now (rows at zero are removed). */
export const chainHoldings = pgTable(
  "chain_holdings",
  {
    chainKey: text("chain_key").notNull(),
    address: text("address").notNull(),
    tokenId: uint256("token_id").notNull(),
    holder: text("holder").notNull(),
    amount: uint256("amount").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.chainKey, table.address, table.tokenId, table.holder] }),
    // A wallet's holdings across every contract: what its eligibility reads first (lib/chain/server/holdings.ts).
    index("chain_holdings_holder_idx").on(table.holder, table.chainKey, table.address),
  ],
);

/** The hash of each range's last block: after a reorg, the index rewinds to the newest one still on the chain. */
export const chainCheckpoints = pgTable(
  "chain_checkpoints",
  {
    chainKey: text("chain_key").notNull(),
    address: text("address").notNull(),
    block: bigint("block", { mode: "number" }).notNull(),
    hash: text("hash").notNull(),
  },
  (table) => [primaryKey({ columns: [table.chainKey, table.address, table.block] })],
);

/**
 * One-time nonces of Sign-In-with-Ethereum messages proving control of a contract: each names the
 * account and collection it was issued for, expires, and is spent by the first verification that
 * presents it, so a signed message cannot be replayed.
 */
export const chainVerificationNonces = pgTable("chain_verification_nonces", {
  nonce: text("nonce").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  collectionId: text("collection_id").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
});
