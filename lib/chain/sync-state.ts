import { chainOfLabel, type ChainInfo } from "@/lib/schemas/chains";
import { addressProblem } from "./address";

/** A contract's sync row as retrieval and search read it (`chain_contracts`, see lib/db/schema/chain.ts). */
export type ContractSync = {
  status: "Synced" | "Updating";
  chain_id: number;
  cursor_block: number | string | null;
  cursor_hash: string | null;
  error: string | null;
  /** minted − burned, once the contract was identified as an NFT and indexed at least once. */
  issued: number | string | null;
  /** The collection whose publisher proved control of the contract, and the signer. */
  verified_collection_id?: string | null;
  verified_by?: string | null;
};

/** The sync fields of a collection on the wire. */
export type SyncFields = {
  BlockchainSyncStatus: "Synced" | "Updating";
  BlockchainSyncLocation: string;
  BlockchainSyncError?: string;
  TokenQuantityIssued?: number;
};

/** What a collection's chain and address lead to before any sync: the chain, or why it is not synced. */
export type SyncTarget = { chain: ChainInfo; address: string } | { problem: string } | { nothing: true };

/** Which contract a collection names, or why none is synced. `hasRpc` says whether a chain has an RPC configured. */
export function syncTargetOf(label: string | undefined, address: string | undefined, hasRpc: (chain: ChainInfo) => boolean): SyncTarget {
  if (!address) return { nothing: true };
  const chain = chainOfLabel(label);
  if (!chain) return { problem: `not synced: "${(label ?? "").slice(0, 60)}" is not an EVM chain the service syncs` };
  if (!hasRpc(chain)) return { problem: `not synced: no RPC is configured for ${chain.label} (CHAIN_RPC_${chain.envName})` };
  const problem = addressProblem(address);
  if (problem) return { problem: `not synced: ${problem}` };
  return { chain, address: address.toLowerCase() };
}

const asSafeInteger = (value: number | string) => Math.min(Number(value), Number.MAX_SAFE_INTEGER);

/**
 * The wire's sync fields: `Synced` with an empty location when there is nothing to follow;
 * `Updating` with `BlockchainSyncError` when the collection cannot be synced or the last attempt
 * failed; otherwise the contract's row (`Updating` with an empty location while its first sync is
 * pending). `TokenQuantityIssued` is the chain's once the contract has been indexed.
 */
export function syncFieldsOf(target: SyncTarget, row: ContractSync | null | undefined): SyncFields {
  if ("nothing" in target) return { BlockchainSyncStatus: "Synced", BlockchainSyncLocation: "" };
  if ("problem" in target) return { BlockchainSyncStatus: "Updating", BlockchainSyncLocation: "", BlockchainSyncError: target.problem };
  if (!row) return { BlockchainSyncStatus: "Updating", BlockchainSyncLocation: "" };
  const fields: SyncFields = {
    BlockchainSyncStatus: row.error ? "Updating" : row.status,
    BlockchainSyncLocation:
      row.cursor_block === null || row.cursor_hash === null ? "" : `eip155:${row.chain_id}:${row.cursor_block}:${row.cursor_hash}`,
  };
  if (row.error) fields.BlockchainSyncError = row.error;
  if (row.issued !== null) fields.TokenQuantityIssued = asSafeInteger(row.issued);
  return fields;
}
