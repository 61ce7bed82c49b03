import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { uint256 } from "./columns";

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
