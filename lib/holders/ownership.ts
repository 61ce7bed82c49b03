import "server-only";
import { parseAbi, type Address } from "viem";
import { AppError } from "@/lib/errors";
import type { ChainInfo } from "@/lib/schemas/chains";
import { isUnanswered } from "@/lib/chain/server/identify";
import { chainClient } from "@/lib/chain/server/rpc";
import { DELEGATE_REGISTRY, delegateRegistryAbi, NO_RIGHTS } from "@/lib/chain/server/delegate-registry-abi";

const erc721Abi = parseAbi([
  "function ownerOf(uint256 tokenId) view returns (address)",
  "function balanceOf(address owner) view returns (uint256)",
]);
const erc1155Abi = parseAbi(["function balanceOf(address account, uint256 id) view returns (uint256)"]);

export type Standard = "ERC721" | "ERC1155";

/** What the chain's head says of a wallet: the block asked at, and how many of the token (or of the contract) it holds there. */
export type HeadHoldings = { block: number; token: bigint | null; total: bigint | null };

const rpcUnavailable = (chain: ChainInfo) =>
  new AppError(503, `the RPC of ${chain.label} did not answer; nothing was claimed: try again`, { "Retry-After": "30" });

/**
 * Reads at the chain's head (one block for every read): whether the wallet owns `tokenId` (ERC-721
 * `ownerOf`, ERC-1155 `balanceOf(wallet, id)`), and for ERC-721 its balance of the whole contract.
 * ERC-1155 has no per-holder total on chain: the caller uses the index's sum instead (`total` null).
 * A token that does not exist (ownerOf reverts) is owned by nobody.
 */
export async function holdingsAtHead(
  chain: ChainInfo,
  standard: Standard,
  contract: string,
  wallet: string,
  tokenId: bigint | null,
  atBlock?: bigint,
) {
  const client = chainClient(chain);
  const address = contract as Address;
  const account = wallet as Address;
  const unanswered = (error: unknown) => {
    if (isUnanswered(error)) throw rpcUnavailable(chain);
    return null;
  };
  const blockNumber =
    atBlock ??
    (await client.getBlockNumber().catch((error: unknown) => {
      throw isUnanswered(error) ? rpcUnavailable(chain) : error;
    }));
  let token: bigint | null = null;
  let total: bigint | null = null;
  if (standard === "ERC721") {
    total =
      (await client.readContract({ address, abi: erc721Abi, blockNumber, functionName: "balanceOf", args: [account] }).catch(unanswered)) ??
      0n;
    if (tokenId !== null) {
      const owner = await client
        .readContract({ address, abi: erc721Abi, blockNumber, functionName: "ownerOf", args: [tokenId] })
        .catch(unanswered);
      token = owner?.toLowerCase() === wallet ? 1n : 0n;
    }
  } else if (tokenId !== null) {
    token =
      (await client
        .readContract({ address, abi: erc1155Abi, blockNumber, functionName: "balanceOf", args: [account, tokenId] })
        .catch(unanswered)) ?? 0n;
  }
  return { block: Number(blockNumber), token, total } satisfies HeadHoldings;
}

/**
 * What the delegate registry lets `wallet` use of `vault`'s holdings at `block`, with full rights:
 * for the whole contract (a delegation for all or for the contract), or for one token (ERC-721:
 * the token, or the whole contract; ERC-1155: the delegated amount). `ALL` stands for no bound.
 * A registry that reverts, is absent or answers garbage delegates nothing.
 */
export async function delegatedAtBlock(
  chain: ChainInfo,
  standard: Standard,
  contract: string,
  vault: string,
  wallet: string,
  tokenId: bigint | null,
  block: number,
): Promise<bigint> {
  const client = chainClient(chain);
  const base = { address: DELEGATE_REGISTRY, abi: delegateRegistryAbi, blockNumber: BigInt(block) } as const;
  const to = wallet as Address;
  const from = vault as Address;
  const asset = contract as Address;
  const read = async (): Promise<bigint> => {
    if (tokenId === null) {
      return (await client.readContract({ ...base, functionName: "checkDelegateForContract", args: [to, from, asset, NO_RIGHTS] }))
        ? ALL
        : 0n;
    }
    if (standard === "ERC721") {
      const valid = await client.readContract({
        ...base,
        functionName: "checkDelegateForERC721",
        args: [to, from, asset, tokenId, NO_RIGHTS],
      });
      return valid ? ALL : 0n;
    }
    return client.readContract({ ...base, functionName: "checkDelegateForERC1155", args: [to, from, asset, tokenId, NO_RIGHTS] });
  };
  try {
    return await read();
  } catch (error) {
    if (isUnanswered(error)) throw rpcUnavailable(chain);
    return 0n;
  }
}

/** No bound: what the registry answers for a delegation of a whole wallet or contract. */
export const ALL = 2n ** 256n - 1n;
