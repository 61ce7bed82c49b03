import "server-only";
import type { Address, PublicClient } from "viem";
import { transfer721, transferBatch, transferSingle } from "./abi";
import type { Standard } from "./identify";

/** One movement of tokens: an ERC-1155 batch gives one per id (`batchIndex`). */
export type Transfer = {
  block: number;
  logIndex: number;
  batchIndex: number;
  tokenId: bigint;
  from: string;
  to: string;
  amount: bigint;
};

/**
 * A range that decodes to more transfers than this is split (one block excepted), counted in
 * transfers, not logs: one ERC-1155 TransferBatch may carry thousands of ids.
 */
export const MAX_TRANSFERS_PER_RANGE = 5_000;

export class TooManyTransfers extends Error {
  constructor(count: number) {
    super(`${count} transfers in one range`);
  }
}

type Log = Awaited<ReturnType<PublicClient["getLogs"]>>[number] & { args?: unknown; eventName?: string };

/** A range's transfers: how many, and the transfers decoded a slice at a time, so a block past the bound is held in memory one slice at once. */
export type RangeTransfers = { count: number; slices: () => Generator<Transfer[]> };

/** The transfers of a contract in blocks [from, to], in chain order. Throws TooManyTransfers past `maxTransfers` (one block excepted). */
export async function readTransfers(
  client: PublicClient,
  address: Address,
  standard: Standard,
  from: bigint,
  to: bigint,
  maxTransfers = MAX_TRANSFERS_PER_RANGE,
): Promise<RangeTransfers> {
  const events = standard === "ERC721" ? [transfer721] : [transferSingle, transferBatch];
  const logs = (await client.getLogs({ address, events, fromBlock: from, toBlock: to, strict: false })) as Log[];
  const count = logs.reduce((sum, log) => sum + transfersIn(log), 0);
  if (count > maxTransfers && to > from) throw new TooManyTransfers(count);
  return { count, slices: () => slicesOf(logs, maxTransfers) };
}

const argsOf = (log: Log) => (log.args ?? {}) as Record<string, unknown>;

/** How many transfers a log decodes to, at most (a malformed one is skipped when decoded). */
function transfersIn(log: Log): number {
  if (log.eventName !== "TransferBatch") return 1;
  const ids = argsOf(log).ids;
  return Array.isArray(ids) ? ids.length : 0;
}

function* slicesOf(logs: Log[], size: number): Generator<Transfer[]> {
  let slice: Transfer[] = [];
  for (const log of logs) {
    for (const transfer of decode(log)) {
      slice.push(transfer);
      if (slice.length >= size) {
        yield slice;
        slice = [];
      }
    }
  }
  if (slice.length > 0) yield slice;
}

function* decode(log: Log): Generator<Transfer> {
  if (log.blockNumber === null || log.logIndex === null || log.removed) return;
  const base = { block: Number(log.blockNumber), logIndex: log.logIndex };
  const args = argsOf(log);
  const from = typeof args.from === "string" ? args.from.toLowerCase() : undefined;
  const to = typeof args.to === "string" ? args.to.toLowerCase() : undefined;
  if (!from || !to) return;
  if (log.eventName === "Transfer") {
    // An ERC-20 Transfer shares the topic but not the indexed token id: it decodes without one.
    if (typeof args.tokenId !== "bigint") return;
    yield { ...base, batchIndex: 0, tokenId: args.tokenId, from, to, amount: 1n };
  } else if (log.eventName === "TransferSingle") {
    if (typeof args.id !== "bigint" || typeof args.value !== "bigint") return;
    yield { ...base, batchIndex: 0, tokenId: args.id, from, to, amount: args.value };
  } else if (log.eventName === "TransferBatch") {
    const ids = args.ids as bigint[] | undefined;
    const values = args.values as bigint[] | undefined;
    if (!ids || !values || ids.length !== values.length) return;
    for (let index = 0; index < ids.length; index += 1) {
      yield { ...base, batchIndex: index, tokenId: ids[index]!, from, to, amount: values[index]! };
    }
  }
}
