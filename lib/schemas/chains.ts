import { editDistance } from "./edit-distance";

/**
 * The EVM chains the service syncs (DESIGN.md, "Chain truth"). `ContractChain` stays free text on
 * the wire; these labels, matched case-insensitively, are stored in this spelling and synced when
 * `CHAIN_RPC_<envName>` names an RPC. Any other label is stored and searched and never synced.
 */
export type ChainInfo = {
  /** The spelling stored and shown. */
  label: string;
  /** EIP-155 chain id. */
  id: number;
  /** Suffix of the chain's variables: `CHAIN_RPC_<envName>`, `CHAIN_START_BLOCK_<envName>`. */
  envName: string;
  /** Blocks behind the head the index stops at, so that a reorg rarely reaches indexed blocks. */
  confirmations: number;
  /** Block explorer, for links to a contract; none for the local chain. */
  explorer?: string;
};

export const CHAINS: readonly ChainInfo[] = [
  { label: "Ethereum", id: 1, envName: "ETHEREUM", confirmations: 12, explorer: "https://etherscan.io" },
  { label: "Polygon", id: 137, envName: "POLYGON", confirmations: 64, explorer: "https://polygonscan.com" },
  { label: "Base", id: 8453, envName: "BASE", confirmations: 12, explorer: "https://basescan.org" },
  { label: "Arbitrum", id: 42161, envName: "ARBITRUM", confirmations: 12, explorer: "https://arbiscan.io" },
  { label: "Optimism", id: 10, envName: "OPTIMISM", confirmations: 12, explorer: "https://optimistic.etherscan.io" },
  { label: "Avalanche", id: 43114, envName: "AVALANCHE", confirmations: 4, explorer: "https://snowtrace.io" },
  { label: "Localhost", id: 31337, envName: "LOCALHOST", confirmations: 0 },
];

const byKey = new Map(CHAINS.map((chain) => [chain.label.toLowerCase(), chain]));

/** The chain a label names (any case, surrounding spaces ignored), or undefined for a label the service does not sync. */
export const chainOfLabel = (label: string | undefined): ChainInfo | undefined =>
  label === undefined ? undefined : byKey.get(label.trim().toLowerCase());

/** A known label in the table's spelling; any other label as sent. */
export const canonicalChainLabel = (label: string): string => chainOfLabel(label)?.label ?? label;

/** The key a contract's sync rows are stored under: the chain's label in lower case. */
export const chainKeyOf = (chain: ChainInfo) => chain.label.toLowerCase();

/** Where a contract is shown on the chain's block explorer, when it has one. */
export const explorerContractUrl = (chain: ChainInfo, address: string): string | undefined =>
  chain.explorer ? `${chain.explorer}/address/${address}` : undefined;

/**
 * The known chain a label is probably a misspelling of ("Etherium" → Ethereum): one edit away, or
 * two for labels of seven letters or more; undefined for a known label or one nowhere near any.
 */
export function nearChain(label: string): ChainInfo | undefined {
  const typed = label.trim().toLowerCase();
  if (typed.length < 3 || chainOfLabel(typed)) return undefined;
  const limit = typed.length >= 7 ? 2 : 1;
  let nearest: { chain: ChainInfo; distance: number } | undefined;
  for (const chain of CHAINS) {
    const distance = editDistance(typed, chain.label.toLowerCase(), limit);
    if (distance <= limit && (!nearest || distance < nearest.distance)) nearest = { chain, distance };
  }
  return nearest?.chain;
}
