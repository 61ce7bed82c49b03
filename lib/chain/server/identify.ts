import "server-only";
import {
  BaseError,
  HttpRequestError,
  LimitExceededRpcError,
  ResourceUnavailableRpcError,
  SocketClosedError,
  TimeoutError,
  WebSocketRequestError,
  type Address,
  type PublicClient,
} from "viem";
import { ERC1155_INTERFACE, ERC721_INTERFACE, identifyAbi } from "./abi";
import { RpcQueueFull } from "./rpc-queue";

export type Standard = "ERC721" | "ERC1155";

/** What a contract says about itself at one block; `problem` when it cannot be synced. */
export type Identity = {
  standard: Standard | null;
  name: string | null;
  symbol: string | null;
  owner: string | null;
  problem?: string;
};

/** Longest name or symbol kept: a contract may answer with 100 KB. */
export const MAX_TEXT = 200;

/** Text from a contract, cut to MAX_TEXT and stripped of characters PostgreSQL cannot store. */
const clean = (value: string) => value.replaceAll("\u0000", "").slice(0, MAX_TEXT);

/** The provider did not answer (connection, time limit, rate limit, our own full queue): no word from the contract either way. */
export const isUnanswered = (error: unknown) =>
  error instanceof BaseError &&
  Boolean(
    error.walk(
      (cause) =>
        cause instanceof HttpRequestError ||
        cause instanceof TimeoutError ||
        cause instanceof WebSocketRequestError ||
        cause instanceof SocketClosedError ||
        cause instanceof LimitExceededRpcError ||
        cause instanceof RpcQueueFull ||
        cause instanceof ResourceUnavailableRpcError,
    ),
  );

/**
 * A read that reverts, or answers garbage, counts as "not answered" instead of failing the sync.
 * A provider that did not answer fails the attempt instead: an `owner()` lost to a timeout must
 * not read as "no owner" and take a collection's badge away.
 */
async function tryRead<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (isUnanswered(error)) throw error;
    return null;
  }
}

/**
 * Identifies a contract at a pinned block: code present, standard by ERC-165 (ERC-721, else
 * ERC-1155, else not an NFT contract), then name, symbol and EIP-173 `owner()` when it answers.
 * Only an RPC that does not answer throws; a contract's own reverts are answers.
 */
export async function identifyContract(client: PublicClient, address: Address, blockNumber: bigint): Promise<Identity> {
  const none: Identity = { standard: null, name: null, symbol: null, owner: null };
  const code = await client.getCode({ address, blockNumber });
  if (!code || code === "0x") return { ...none, problem: `no contract code at ${address} (block ${blockNumber})` };
  const read = <T>(functionName: "supportsInterface" | "name" | "symbol" | "owner", args?: readonly [`0x${string}`]) =>
    tryRead(() => client.readContract({ address, abi: identifyAbi, functionName, args, blockNumber } as never) as Promise<T>);
  const [is721, is1155, name, symbol, owner] = await Promise.all([
    read<boolean>("supportsInterface", [ERC721_INTERFACE]),
    read<boolean>("supportsInterface", [ERC1155_INTERFACE]),
    read<string>("name"),
    read<string>("symbol"),
    read<string>("owner"),
  ]);
  const standard: Standard | null = is721 === true ? "ERC721" : is1155 === true ? "ERC1155" : null;
  const identity: Identity = {
    standard,
    name: typeof name === "string" ? clean(name) : null,
    symbol: typeof symbol === "string" ? clean(symbol) : null,
    owner: typeof owner === "string" && /^0x[0-9a-fA-F]{40}$/.test(owner) ? owner.toLowerCase() : null,
  };
  if (!standard) {
    identity.problem = `not an NFT contract: it declares neither ERC-721 (${ERC721_INTERFACE}) nor ERC-1155 (${ERC1155_INTERFACE}) through ERC-165`;
  }
  return identity;
}
