import "server-only";
import { getAddress } from "viem";
import { delegatedCollections } from "@/lib/chain/server/delegated-holdings";
import { heldCollections, type HeldCollection } from "@/lib/chain/server/holdings";
import type { SearchReader } from "@/lib/db/types";
import { chainKeyOf } from "@/lib/schemas/chains";
import type { DelegatedHolding, DelegationRead } from "@/lib/schemas/wallet-perks";
import { countedDelegations, walletDelegations } from "./delegations";

const asSafeInteger = (value: string) => Math.min(Number(value), Number.MAX_SAFE_INTEGER);

/** What counts for a wallet: per collection its own tokens plus its vaults', each vault's part, and how each chain's registry was read. */
export type Counted = { collections: HeldCollection[]; vaults: Map<string, DelegatedHolding[]>; reads: DelegationRead[] };

/**
 * The wallet's holdings per synced collection (the index), with the tokens of every vault that
 * delegated to it added (the registry of each chain, then the vaults' holdings in the index).
 */
export async function countedHoldings(db: SearchReader, wallet: string): Promise<Counted> {
  const [own, chainReads] = await Promise.all([heldCollections(db, wallet), walletDelegations(wallet)]);
  const delegated = await delegatedCollections(db, countedDelegations(chainReads));
  const registryBlock = new Map(chainReads.map(({ chain, read }) => [chainKeyOf(chain), read.block ?? 0]));
  const totals = new Map(own.map((held) => [held.id, { ...held, sum: BigInt(held.holds) }]));
  const vaults = new Map<string, DelegatedHolding[]>();
  for (const row of delegated) {
    const total = totals.get(row.id) ?? { id: row.id, holds: "0", block: row.block, sum: 0n };
    total.sum += BigInt(row.holds);
    totals.set(row.id, total);
    const parts = vaults.get(row.id) ?? [];
    parts.push({ Vault: getAddress(row.vault), Holds: asSafeInteger(row.holds), Block: registryBlock.get(row.chainKey) ?? 0 });
    vaults.set(row.id, parts);
  }
  const reads = chainReads.map(({ chain, read }) => ({
    Chain: chain.label,
    Block: read.block,
    Delegations: "delegations" in read ? read.delegations.length : 0,
    ...("problem" in read ? { Problem: read.problem } : {}),
  }));
  return { collections: [...totals.values()].map(({ id, sum, block }) => ({ id, holds: sum.toString(), block })), vaults, reads };
}
