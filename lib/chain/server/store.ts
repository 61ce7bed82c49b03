import "server-only";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import type { Transaction } from "@/lib/db/types";
import { chainCheckpoints, chainContracts, chainHoldings, chainTransfers } from "@/lib/db/schema";
import type { Identity } from "./identify";
import type { Transfer } from "./transfers";

/*
 * The SQL of the sync's own tables. Each statement or transaction here is short and touches only
 * `chain_*` rows: a sync never locks, updates or waits on a collection.
 */

export type ContractKey = { chainKey: string; address: string };
export type ContractRow = typeof chainContracts.$inferSelect;

const ZERO = "0x0000000000000000000000000000000000000000";
/** Checkpoints kept per contract: a reorg deeper than this many ranges reindexes from the start. */
const CHECKPOINTS_KEPT = 64;
const ROWS_PER_STATEMENT = 1_000;

const where = (key: ContractKey) => and(eq(chainContracts.chainKey, key.chainKey), eq(chainContracts.address, key.address));

/** The contract's row, created (Updating, nothing indexed) on first sight. */
export async function ensureContract(key: ContractKey, chainId: number): Promise<ContractRow> {
  const db = await getDb();
  await db
    .insert(chainContracts)
    .values({ ...key, chainId })
    .onConflictDoNothing();
  const [row] = await db.select().from(chainContracts).where(where(key));
  if (!row) throw new Error("chain_contracts row missing right after its insert");
  return row;
}

/** Records what identification found and, when it failed or an attempt failed, why (Updating). */
export async function saveIdentity(key: ContractKey, identity: Identity): Promise<void> {
  const db = await getDb();
  await db
    .update(chainContracts)
    .set({
      standard: identity.standard,
      name: identity.name,
      symbol: identity.symbol,
      owner: identity.owner,
      updatedAt: new Date(),
      // Ownership moved: the collection that proved the old owner's control loses its badge.
      verifiedCollectionId: sql`CASE WHEN ${chainContracts.verifiedBy} = ${identity.owner} THEN ${chainContracts.verifiedCollectionId} END`,
      verifiedBy: sql`CASE WHEN ${chainContracts.verifiedBy} = ${identity.owner} THEN ${chainContracts.verifiedBy} END`,
    })
    .where(where(key));
}

export async function saveStartBlock(key: ContractKey, startBlock: number): Promise<void> {
  const db = await getDb();
  await db.update(chainContracts).set({ startBlock }).where(where(key));
}

/** A failed attempt: Updating, the reason in words, one more failure for the back-off. */
export async function saveError(key: ContractKey, error: string): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .update(chainContracts)
    .set({ status: "Updating", error, failures: sql`${chainContracts.failures} + 1`, updatedAt: new Date() })
    .where(where(key))
    .returning({ failures: chainContracts.failures });
  return row?.failures ?? 1;
}

/** Where the attempt ended: Synced when caught up, Updating while behind; the error cleared. */
export async function saveStatus(key: ContractKey, caughtUp: boolean): Promise<void> {
  const db = await getDb();
  await db
    .update(chainContracts)
    .set({
      status: caughtUp ? "Synced" : "Updating",
      error: null,
      failures: 0,
      updatedAt: new Date(),
      ...(caughtUp ? { syncedAt: new Date() } : {}),
    })
    .where(where(key));
}

function chunks<T>(list: T[]): T[][] {
  const out: T[][] = [];
  for (let index = 0; index < list.length; index += ROWS_PER_STATEMENT) out.push(list.slice(index, index + ROWS_PER_STATEMENT));
  return out;
}

/** Net change per (token, holder), mints and burns apart. `sign` -1 undoes transfers (a reorg). */
function deltasOf(transfers: Pick<Transfer, "tokenId" | "from" | "to" | "amount">[], sign: 1n | -1n) {
  const holdings = new Map<string, { tokenId: bigint; holder: string; amount: bigint }>();
  let minted = 0n;
  let burned = 0n;
  const add = (tokenId: bigint, holder: string, amount: bigint) => {
    const id = `${tokenId}|${holder}`;
    const entry = holdings.get(id) ?? { tokenId, holder, amount: 0n };
    entry.amount += amount;
    holdings.set(id, entry);
  };
  for (const transfer of transfers) {
    if (transfer.from === ZERO) minted += transfer.amount * sign;
    else add(transfer.tokenId, transfer.from, -transfer.amount * sign);
    if (transfer.to === ZERO) burned += transfer.amount * sign;
    else add(transfer.tokenId, transfer.to, transfer.amount * sign);
  }
  return { holdings: [...holdings.values()].filter((entry) => entry.amount !== 0n), minted, burned };
}

async function applyDeltas(tx: Transaction, key: ContractKey, deltas: ReturnType<typeof deltasOf>) {
  for (const chunk of chunks(deltas.holdings)) {
    await tx
      .insert(chainHoldings)
      .values(chunk.map((entry) => ({ ...key, tokenId: entry.tokenId.toString(), holder: entry.holder, amount: entry.amount.toString() })))
      .onConflictDoUpdate({
        target: [chainHoldings.chainKey, chainHoldings.address, chainHoldings.tokenId, chainHoldings.holder],
        set: { amount: sql`${chainHoldings.amount} + excluded.amount` },
      });
  }
  await tx
    .delete(chainHoldings)
    .where(and(eq(chainHoldings.chainKey, key.chainKey), eq(chainHoldings.address, key.address), sql`${chainHoldings.amount} <= 0`));
  const [counted] = await queryRows<{ holders: number }>(
    tx,
    sql`SELECT count(DISTINCT holder)::int AS holders FROM ${chainHoldings} WHERE chain_key = ${key.chainKey} AND address = ${key.address}`,
  );
  await tx
    .update(chainContracts)
    .set({
      minted: sql`${chainContracts.minted} + ${deltas.minted.toString()}::numeric`,
      burned: sql`${chainContracts.burned} + ${deltas.burned.toString()}::numeric`,
      holders: counted?.holders ?? 0,
    })
    .where(where(key));
}

class CursorMoved extends Error {}

/**
 * One indexed range, all or nothing: its transfers, the holdings they change, the cursor and its
 * checkpoint. Saved only if the cursor is still at `from` (the block before the range, null for
 * none): false, and nothing saved, when another attempt at the contract moved it meanwhile (one
 * pg-boss handed out again after its time ran out while the first still ran), so no range is
 * counted twice.
 */
export async function saveRange(
  key: ContractKey,
  transfers: Iterable<Transfer[]>,
  from: number | null,
  cursor: { block: number; hash: string },
): Promise<boolean> {
  const db = await getDb();
  try {
    await saveRangeFrom(db, key, transfers, from, cursor);
    return true;
  } catch (error) {
    if (error instanceof CursorMoved) return false;
    throw error;
  }
}

/** One slice of a range's transfers: the rows, then the holdings and counts they change. */
async function saveSlice(tx: Transaction, key: ContractKey, transfers: Transfer[]): Promise<void> {
  for (const chunk of chunks(transfers)) {
    await tx
      .insert(chainTransfers)
      .values(
        chunk.map((transfer) => ({
          ...key,
          block: transfer.block,
          logIndex: transfer.logIndex,
          batchIndex: transfer.batchIndex,
          tokenId: transfer.tokenId.toString(),
          fromAddress: transfer.from,
          toAddress: transfer.to,
          amount: transfer.amount.toString(),
        })),
      )
      .onConflictDoNothing();
  }
  await applyDeltas(tx, key, deltasOf(transfers, 1n));
}

async function saveRangeFrom(
  db: Awaited<ReturnType<typeof getDb>>,
  key: ContractKey,
  slices: Iterable<Transfer[]>,
  from: number | null,
  cursor: { block: number; hash: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    // First, so that a second attempt at the same range waits on this row's lock, then finds the cursor moved.
    const moved = await tx
      .update(chainContracts)
      .set({ cursorBlock: cursor.block, cursorHash: cursor.hash, updatedAt: new Date() })
      .where(and(where(key), from === null ? sql`${chainContracts.cursorBlock} IS NULL` : eq(chainContracts.cursorBlock, from)))
      .returning({ block: chainContracts.cursorBlock });
    if (moved.length === 0) throw new CursorMoved();
    // Slice by slice (a block may carry more transfers than one range holds), in this one transaction.
    for (const transfers of slices) await saveSlice(tx, key, transfers);
    await tx
      .insert(chainCheckpoints)
      .values({ ...key, block: cursor.block, hash: cursor.hash })
      .onConflictDoUpdate({
        target: [chainCheckpoints.chainKey, chainCheckpoints.address, chainCheckpoints.block],
        set: { hash: cursor.hash },
      });
    await tx.execute(
      sql`DELETE FROM ${chainCheckpoints} WHERE chain_key = ${key.chainKey} AND address = ${key.address}
            AND block < (SELECT min(block) FROM (SELECT block FROM ${chainCheckpoints} WHERE chain_key = ${key.chainKey} AND address = ${key.address}
                                                  ORDER BY block DESC LIMIT ${CHECKPOINTS_KEPT}) newest)`,
    );
  });
}

/** The contract's checkpoints, newest first. */
export async function checkpointsOf(key: ContractKey): Promise<{ block: number; hash: string }[]> {
  const db = await getDb();
  return db
    .select({ block: chainCheckpoints.block, hash: chainCheckpoints.hash })
    .from(chainCheckpoints)
    .where(and(eq(chainCheckpoints.chainKey, key.chainKey), eq(chainCheckpoints.address, key.address)))
    .orderBy(desc(chainCheckpoints.block));
}

/**
 * Undoes every transfer after `to` (a checkpoint still on the chain, or null: everything), in one
 * transaction: holdings, mint and burn counts, transfers and checkpoints, and the cursor.
 */
export async function rewindTo(key: ContractKey, to: { block: number; hash: string } | null): Promise<void> {
  const db = await getDb();
  const after = to?.block ?? -1;
  await db.transaction(async (tx) => {
    const undone = await tx
      .delete(chainTransfers)
      .where(and(eq(chainTransfers.chainKey, key.chainKey), eq(chainTransfers.address, key.address), gt(chainTransfers.block, after)))
      .returning({
        tokenId: chainTransfers.tokenId,
        from: chainTransfers.fromAddress,
        to: chainTransfers.toAddress,
        amount: chainTransfers.amount,
      });
    const transfers = undone.map((row) => ({ tokenId: BigInt(row.tokenId), from: row.from, to: row.to, amount: BigInt(row.amount) }));
    await applyDeltas(tx, key, deltasOf(transfers, -1n));
    await tx
      .delete(chainCheckpoints)
      .where(
        and(eq(chainCheckpoints.chainKey, key.chainKey), eq(chainCheckpoints.address, key.address), gt(chainCheckpoints.block, after)),
      );
    await tx
      .update(chainContracts)
      .set({ cursorBlock: to?.block ?? null, cursorHash: to?.hash ?? null, status: "Updating", updatedAt: new Date() })
      .where(where(key));
  });
}
