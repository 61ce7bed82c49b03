import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { uint256 } from "./columns";

/**
 * Holders: people who signed in with a wallet (Sign-In-with-Ethereum). They are not partner
 * accounts (no user row, no team), so nothing of the portal is open to them. See docs/holders.md.
 */
export const holders = pgTable("holders", {
  id: text("id").primaryKey(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The wallets a holder proved control of, lower case; a wallet belongs to one holder at a time. */
export const holderWallets = pgTable(
  "holder_wallets",
  {
    address: text("address").primaryKey(),
    holderId: text("holder_id")
      .notNull()
      .references(() => holders.id, { onDelete: "cascade" }),
    linkedAt: timestamp("linked_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Null for a wallet proven by its key (an ordinary account: the same on every chain); the
     * chain a contract wallet was proven on (ERC-1271), since the same address on another chain
     * may be another contract, or none, with other owners.
     */
    chainId: integer("chain_id"),
  },
  (table) => [index("holder_wallets_holder_idx").on(table.holderId)],
);

/**
 * Nonces of holder sign-in messages: each names the wallet and chain it was issued for, expires,
 * and is spent by the first sign-in that presents it, so a signed message cannot be replayed.
 */
export const holderNonces = pgTable(
  "holder_nonces",
  {
    nonce: text("nonce").primaryKey(),
    address: text("address").notNull(),
    chainId: integer("chain_id").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [index("holder_nonces_expires_idx").on(table.expiresAt)],
);

/** Signed-in holders: the SHA-256 of the session cookie's token, never the token itself. */
export const holderSessions = pgTable(
  "holder_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    holderId: text("holder_id")
      .notNull()
      .references(() => holders.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("holder_sessions_holder_idx").on(table.holderId)],
);

/**
 * Claims of perks by holders (DESIGN.md, "Holders": Claims). A one-time perk's claim names its
 * token: one row per (perk, chain, contract, token id) whoever asks. Any other perk's claim has no
 * token: one row per (perk, wallet). No foreign key to the perk: a partner who deletes a perk
 * keeps the record of what was claimed and redeemed.
 */
export const perkClaims = pgTable(
  "perk_claims",
  {
    id: text("id").primaryKey(),
    /** What the holder shows at the venue: short, random, unique. */
    code: text("code").notNull(),
    collectionId: text("collection_id").notNull(),
    perkId: text("perk_id").notNull(),
    chainKey: text("chain_key").notNull(),
    contract: text("contract").notNull(),
    /** The token claimed with, for a one-time perk; null otherwise. */
    tokenId: uint256("token_id"),
    wallet: text("wallet").notNull(),
    /** The vault that delegated the token (or holdings) to `wallet` through the delegate registry; null when the wallet's own. */
    vault: text("vault"),
    holderId: text("holder_id").notNull(),
    /** The head block ownership was checked at. */
    block: bigint("block", { mode: "number" }).notNull(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
    redeemedAt: timestamp("redeemed_at", { withTimezone: true }),
    /** The partner member who redeemed it, and the API key when it was redeemed through the API. */
    redeemedBy: text("redeemed_by"),
    redeemedKeyId: text("redeemed_key_id"),
  },
  (table) => [
    uniqueIndex("perk_claims_code_idx").on(table.code),
    uniqueIndex("perk_claims_token_idx")
      .on(table.perkId, table.chainKey, table.contract, table.tokenId)
      .where(sql`${table.tokenId} IS NOT NULL`),
    uniqueIndex("perk_claims_wallet_idx")
      .on(table.perkId, table.wallet)
      .where(sql`${table.tokenId} IS NULL`),
    index("perk_claims_collection_idx").on(table.collectionId, table.claimedAt.desc(), table.id),
    index("perk_claims_holder_idx").on(table.holderId, table.claimedAt.desc()),
  ],
);
