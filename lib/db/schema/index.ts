/**
 * The app's tables, one file per part of the product: accounts and teams, collections and their
 * history, the search rows and bitmaps, webhooks, and the chain index. drizzle-kit reads this
 * folder (drizzle.config.ts) to write migrations.
 */
export * from "./accounts";
export * from "./collections";
export * from "./search";
export * from "./webhooks";
export * from "./chain";
export * from "./holders";
export * from "./insights";
