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

/** A range answering more logs than this is split, so one range never holds an unbounded flood in memory. */
export const MAX_LOGS_PER_RANGE = 5_000;

export class TooManyLogs extends Error {
  constructor(count: number) {
    super(`${count} logs in one range`);
  }
}

/** The transfers of a contract in blocks [from, to], in chain order. Throws TooManyLogs past `maxLogs` (one block excepted). */
export async function readTransfers(
  client: PublicClient,
  address: Address,
  standard: Standard,
  from: bigint,
  to: bigint,
  maxLogs = MAX_LOGS_PER_RANGE,
): Promise<Transfer[]> {
  const events = standard === "ERC721" ? [transfer721] : [transferSingle, transferBatch];
  const logs = await client.getLogs({ address, events, fromBlock: from, toBlock: to, strict: false });
  if (logs.length > maxLogs && to > from) throw new TooManyLogs(logs.length);
  const transfers: Transfer[] = [];
  for (const log of logs) {
    if (log.blockNumber === null || log.logIndex === null || log.removed) continue;
    const base = { block: Number(log.blockNumber), logIndex: log.logIndex };
    const args = log.args as Record<string, unknown>;
    const from = typeof args.from === "string" ? args.from.toLowerCase() : undefined;
    const to = typeof args.to === "string" ? args.to.toLowerCase() : undefined;
    if (!from || !to) continue;
    if (log.eventName === "Transfer") {
      // An ERC-20 Transfer shares the topic but not the indexed token id: it decodes without one.
      if (typeof args.tokenId !== "bigint") continue;
      transfers.push({ ...base, batchIndex: 0, tokenId: args.tokenId, from, to, amount: 1n });
    } else if (log.eventName === "TransferSingle") {
      if (typeof args.id !== "bigint" || typeof args.value !== "bigint") continue;
      transfers.push({ ...base, batchIndex: 0, tokenId: args.id, from, to, amount: args.value });
    } else if (log.eventName === "TransferBatch") {
      const ids = args.ids as bigint[] | undefined;
      const values = args.values as bigint[] | undefined;
      if (!ids || !values || ids.length !== values.length) continue;
      ids.forEach((id, index) => transfers.push({ ...base, batchIndex: index, tokenId: id, from, to, amount: values[index]! }));
    }
  }
  return transfers;
}
