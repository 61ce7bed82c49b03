import "server-only";
import type { Address, PublicClient } from "viem";
import { env } from "@/lib/env";
import type { ChainInfo } from "@/lib/schemas/chains";
import { identifyContract } from "./identify";
import { chainClient } from "./rpc";
import {
  checkpointsOf,
  ensureContract,
  rewindTo,
  saveError,
  saveIdentity,
  saveRange,
  saveStartBlock,
  saveStatus,
  type ContractKey,
  type ContractRow,
} from "./store";
import { MAX_TRANSFERS_PER_RANGE, readTransfers, TooManyTransfers } from "./transfers";

/**
 * How one attempt ended: caught up, still behind (run again at once), or failed (back off);
 * `failures` counts the contract's failed attempts in a row, as stored, whichever process made them.
 */
export type SyncOutcome = { state: "synced" | "behind" | "failed"; error?: string; failures?: number };

export type SyncLimits = {
  /** An attempt stops after this long and the next one continues, so a flood of events never holds a worker. */
  budgetMs: number;
  /** Blocks per `eth_getLogs` at first; halved when refused, doubled back after successes. */
  maxRange: number;
  /**
   * A range decoding to more transfers than this is split, and one block past it is saved in
   * slices of this size, so a flood is held in memory a bounded part at a time.
   */
  maxTransfers: number;
};

const DEFAULT_LIMITS: SyncLimits = { budgetMs: 10_000, maxRange: 10_000, maxTransfers: MAX_TRANSFERS_PER_RANGE };

/**
 * The range each chain's provider last accepted, kept across attempts in this process. Only the
 * provider's refusals shrink it: a contract's own flood of transfers shrinks that contract's
 * ranges in its attempt, never every other contract's on the chain.
 */
const ranges = new Map<number, number>();

/** The blocks per `eth_getLogs` the chain's next attempt starts with. */
export const chainRange = (chain: ChainInfo, maxRange = DEFAULT_LIMITS.maxRange) => ranges.get(chain.id) ?? maxRange;

/** The error in words for a person reading the collection: the provider's short message, one line. */
export function errorInWords(error: unknown): string {
  const short = (error as { shortMessage?: string }).shortMessage ?? (error as Error).message ?? String(error);
  return `RPC error: ${short.split("\n")[0]!.slice(0, 300)}`;
}

/** The first block with the contract's code: a binary search of `eth_getCode`, or the configured start when the node keeps no history. */
async function deploymentBlock(client: PublicClient, address: Address, head: bigint, configured: number | undefined): Promise<number> {
  if (configured !== undefined) return configured;
  let low = 0n;
  let high = head;
  try {
    while (low < high) {
      const middle = (low + high) / 2n;
      const code = await client.getCode({ address, blockNumber: middle });
      if (code && code !== "0x") high = middle;
      else low = middle + 1n;
    }
    return Number(low);
  } catch {
    return 0;
  }
}

/** The block hash at `block`, or null when the chain no longer has that block. */
async function hashAt(client: PublicClient, block: number): Promise<string | null> {
  try {
    return (await client.getBlock({ blockNumber: BigInt(block) })).hash;
  } catch (error) {
    if ((error as Error).name === "BlockNotFoundError") return null;
    throw error;
  }
}

/** A reorg moved the cursor's block: rewinds to the newest checkpoint still on the chain (or to the start). */
async function rewindIfReorged(client: PublicClient, key: ContractKey, row: ContractRow): Promise<ContractRow> {
  if (row.cursorBlock === null || row.cursorHash === null) return row;
  if ((await hashAt(client, row.cursorBlock)) === row.cursorHash) return row;
  let kept: { block: number; hash: string } | null = null;
  for (const checkpoint of await checkpointsOf(key)) {
    if (checkpoint.block >= row.cursorBlock) continue;
    if ((await hashAt(client, checkpoint.block)) === checkpoint.hash) {
      kept = checkpoint;
      break;
    }
  }
  await rewindTo(key, kept);
  return { ...row, cursorBlock: kept?.block ?? null, cursorHash: kept?.hash ?? null };
}

/**
 * One attempt at a contract: checks the RPC's chain id, rewinds a reorg, identifies the contract
 * at the pinned target block (head minus the confirmation depth), then indexes range by range
 * until caught up or out of time. Never throws: a failure is stored on the contract in words.
 */
export async function syncContract(chain: ChainInfo, key: ContractKey, limits: Partial<SyncLimits> = {}): Promise<SyncOutcome> {
  const { budgetMs, maxRange, maxTransfers } = { ...DEFAULT_LIMITS, ...limits };
  const started = Date.now();
  let row = await ensureContract(key, chain.id);
  try {
    const client = chainClient(chain);
    const chainId = await client.getChainId();
    if (chainId !== chain.id) {
      return await fail(key, `the RPC for ${chain.label} answers chain id ${chainId}, not ${chain.id}: check CHAIN_RPC_${chain.envName}`);
    }
    const head = await client.getBlockNumber({ cacheTime: 0 });
    const target = head - BigInt(chain.confirmations);
    if (target < 0n) return await fail(key, `${chain.label} has fewer blocks than its confirmation depth`);
    const address = key.address as Address;
    row = await rewindIfReorged(client, key, row);

    const identity = await identifyContract(client, address, target);
    await saveIdentity(key, identity);
    if (identity.problem || !identity.standard) return await fail(key, identity.problem ?? "not an NFT contract");

    if (row.startBlock === null) {
      row.startBlock = await deploymentBlock(client, address, target, env()[`CHAIN_START_BLOCK_${chain.envName}`]);
      await saveStartBlock(key, row.startBlock);
    }
    let cursor = row.cursorBlock;
    let next = BigInt(cursor === null ? row.startBlock : cursor + 1);
    let range = BigInt(chainRange(chain, maxRange));
    let successes = 0;
    while (next <= target) {
      const end = next + range - 1n < target ? next + range - 1n : target;
      let transfers;
      try {
        transfers = await readTransfers(client, address, identity.standard, next, end, maxTransfers);
      } catch (error) {
        // A provider refusing the range (too many blocks or logs), or this contract's flood: the same blocks in halves.
        const flood = error instanceof TooManyTransfers;
        if (range > 1n && (flood || !(error as Error).name?.includes("Timeout"))) {
          range = range / 2n;
          if (!flood) ranges.set(chain.id, Number(range));
          successes = 0;
          continue;
        }
        throw error;
      }
      const hash = await hashAt(client, Number(end));
      if (!hash) throw new Error(`block ${end} vanished while indexing (a reorg): retrying`);
      // Another attempt at this contract got there first: it carries on, this one hands over.
      if (!(await saveRange(key, transfers.slices(), cursor, { block: Number(end), hash }))) return { state: "behind" };
      cursor = Number(end);
      next = end + 1n;
      if (++successes >= 8 && range < BigInt(maxRange)) {
        range = range * 2n > BigInt(maxRange) ? BigInt(maxRange) : range * 2n;
        // Only a range past what the chain's provider last accepted teaches the chain something.
        if (range > BigInt(chainRange(chain, maxRange))) ranges.set(chain.id, Number(range));
        successes = 0;
      }
      // Out of time: the next attempt continues. Checked after a range is saved, so every attempt
      // moves the cursor even when a slow provider spent the budget on identification alone.
      if (next <= target && Date.now() - started > budgetMs) {
        await saveStatus(key, false);
        return { state: "behind" };
      }
    }
    await saveStatus(key, true);
    return { state: "synced" };
  } catch (error) {
    return await fail(key, errorInWords(error));
  }
}

async function fail(key: ContractKey, error: string): Promise<SyncOutcome> {
  return { state: "failed", error, failures: await saveError(key, error) };
}
