import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  doublePrecision,
  check,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { collections, perks } from "./collections";
import { bitVarying, byteOrderText, tsvector, xid8 } from "./columns";

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

/**
 * The transactions that wrote what a search page shows, one row each, written by statement
 * triggers on those tables (migration 0031): a kept search page is exact while no row here is
 * visible that its snapshot did not see (lib/search/search-writes.ts, docs/decisions/099).
 */
export const searchWrites = pgTable("search_writes", {
  xid: xid8("xid").primaryKey(),
  at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
});

/** Below which transaction id `search_writes` has been pruned: an older snapshot can no longer be checked. */
export const searchWritesState = pgTable(
  "search_writes_state",
  {
    id: boolean("id").primaryKey().default(true),
    prunedBelow: xid8("pruned_below").notNull(),
  },
  (table) => [check("search_writes_state_one_row", sql`${table.id}`)],
);

/** Bit numbers of search rows (`collectionSearch.doc`), from 0. */
export const collectionSearchDocs = pgSequence("collection_search_docs", { startWith: 0, minValue: 0 });

/**
 * Which search rows hold a term, as bitmaps of 65,536 `doc` numbers each (`chunk` n holds docs
 * n * 65,536 and up): counts and facets are a few bitwise ANDs and ORs and a popcount instead of a
 * visit to the heap page of every match. Terms (`uds_bitmap_terms`, migration 0010): `a:` a
 * lexeme of `search_tsv`, `p:` its first 1 to 3 characters, `t:` and `q:` the same for
 * `title_tsv`, `c:` the chain. Kept in step by `applySearchBitmapChanges` from the queue below.
 * `bits` is compressed with lz4 where the server has it (migration 0033, decision 101).
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

/**
 * The bitmap terms each search row was last queued with (`uds_bitmap_terms`, migration 0025), so an
 * edit's trigger reads the old row's terms rather than computing them again. Kept by the triggers
 * on `collection_search`: a row here always holds its doc's current terms; a doc without one (a
 * bulk load's rows, until their first edit) has them computed from the old row.
 */
export const collectionSearchTerms = pgTable("collection_search_terms", {
  doc: integer("doc").primaryKey(),
  terms: text("terms").array().notNull(),
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

/**
 * What perk discovery (`GET /api-gateway/perks`) reads, one narrow row per perk, rewritten from
 * `perk_search_source` (migrations 0007 and 0032) by `refreshCollections` and `insertCollections` inside
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
    // The date order's ranges, holding what a category or Status filter tests, so that a page in
    // date order is an index-only walk of about its own entries; the Past-marked perks apart, so
    // that those dated ahead are found without walking every later date; and the categories
    // alone, the narrowest walk that counts a category's matches (migration 0029,
    // docs/decisions/090-the-perk-date-order-is-read-in-parts.md). The date index's INCLUDE
    // columns (categories, status, past_from) are in the migration: drizzle-kit has no INCLUDE.
    index("perk_search_date_idx").on(table.dateMs, table.id),
    index("perk_search_marked_past_idx")
      .on(table.dateMs, table.id)
      .where(sql`status = 'Past'`),
    index("perk_search_categories_idx").on(table.categories),
    index("perk_search_collection_idx").on(table.collectionId),
    index("perk_search_text_idx").using("gin", table.searchTsv),
  ],
);
