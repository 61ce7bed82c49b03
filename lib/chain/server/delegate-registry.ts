import "server-only";
import { BaseError, ContractFunctionRevertedError, ContractFunctionZeroDataError, type Address } from "viem";
import type { ChainInfo } from "@/lib/schemas/chains";
import { isUnanswered } from "./identify";
import { chainClient } from "./rpc";
import { DELEGATE_REGISTRY, DELEGATION_TYPES, delegateRegistryAbi, NO_RIGHTS, type DelegationKind } from "./delegate-registry-abi";

/** One delegation a wallet received that may count for it: full rights, from another wallet, for NFTs. Addresses in lower case. */
export type Delegation = { vault: string; kind: DelegationKind; contract: string | null; tokenId: string | null; amount: string | null };

/** What the registry of one chain said at one block, or why it said nothing usable there. */
export type RegistryRead = { block: number; delegations: Delegation[] } | { block: number | null; problem: string };

/**
 * Delegations read per wallet and chain, at most: anyone may delegate to any wallet, so a wallet
 * showered with them costs a bounded read of the index.
 */
export const MAX_DELEGATIONS = 500;

const ZERO = "0x0000000000000000000000000000000000000000";
const ADDRESS = /^0x[0-9a-f]{40}$/;

const problemOf = (chain: ChainInfo, error: unknown): string => {
  if (isUnanswered(error)) return `the RPC of ${chain.label} did not answer`;
  if (error instanceof BaseError && error.walk((cause) => cause instanceof ContractFunctionZeroDataError)) {
    return `no delegate registry answers at ${DELEGATE_REGISTRY} on ${chain.label}`;
  }
  if (error instanceof BaseError && error.walk((cause) => cause instanceof ContractFunctionRevertedError)) {
    return `the delegate registry on ${chain.label} reverted`;
  }
  return `the delegate registry on ${chain.label} answered something that is not a list of delegations`;
};

type Raw = { type_: number; to: string; from: string; rights: string; contract_: string; tokenId: bigint; amount: bigint };

/**
 * The delegations that count for `wallet`, as the registry answers: full rights only (rights
 * given for a purpose, such as airdrops, are that purpose's), types ALL, CONTRACT, ERC721 and
 * ERC1155 (with its amount). A delegation from the zero address or from the wallet itself, or
 * naming another wallet than the one asked, is ignored.
 */
function countedDelegations(wallet: string, raw: readonly Raw[]): Delegation[] {
  const counted: Delegation[] = [];
  for (const item of raw) {
    const kind = DELEGATION_TYPES[item.type_ as keyof typeof DELEGATION_TYPES];
    const vault = item.from.toLowerCase();
    if (!kind || item.rights !== NO_RIGHTS || item.to.toLowerCase() !== wallet || vault === ZERO || vault === wallet) continue;
    if (!ADDRESS.test(vault)) continue;
    counted.push({
      vault,
      kind,
      contract: kind === "All" ? null : item.contract_.toLowerCase(),
      tokenId: kind === "ERC721" || kind === "ERC1155" ? item.tokenId.toString() : null,
      amount: kind === "ERC1155" ? item.amount.toString() : null,
    });
    if (counted.length === MAX_DELEGATIONS) break;
  }
  return counted;
}

/**
 * The delegations `wallet` received on `chain`, read from the registry at one block: `blockNumber`,
 * or the head when none is given. Never throws: a registry that reverts, is absent or answers
 * garbage, and an RPC that does not answer, give a `problem` in words.
 */
export async function incomingDelegations(chain: ChainInfo, wallet: string, blockNumber?: bigint): Promise<RegistryRead> {
  const account = wallet.toLowerCase();
  if (account === ZERO) return { block: null, problem: "the zero address receives no delegations" };
  let block = blockNumber;
  try {
    const client = chainClient(chain);
    block ??= await client.getBlockNumber();
    const raw = (await client.readContract({
      address: DELEGATE_REGISTRY,
      abi: delegateRegistryAbi,
      functionName: "getIncomingDelegations",
      args: [account as Address],
      blockNumber: block,
    })) as readonly Raw[];
    return { block: Number(block), delegations: countedDelegations(account, raw) };
  } catch (error) {
    return { block: block === undefined ? null : Number(block), problem: problemOf(chain, error) };
  }
}
