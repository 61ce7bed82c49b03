import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { chainContracts } from "@/lib/db/schema";
import type { ChainFacts } from "@/lib/schemas/chain-facts";
import { chainKeyOf, explorerContractUrl } from "@/lib/schemas/chains";
import { syncFieldsOf, syncTargetOf } from "../sync-state";
import { hasRpc } from "./rpc";

type Named = { PlatformNFTId?: string; ContractChain?: string; ContractAddress?: string };

/** The chain facts of a collection's contract, read from its sync row (none before the first attempt). */
export async function chainFactsOf(fields: Named): Promise<ChainFacts> {
  const target = syncTargetOf(fields.ContractChain, fields.ContractAddress, hasRpc);
  const base: ChainFacts = {
    chain: fields.ContractChain ?? "",
    address: fields.ContractAddress ?? "",
    status: "Synced",
    reason: null,
    syncable: "chain" in target,
    lastBlock: null,
    syncedAt: null,
    standard: null,
    name: null,
    symbol: null,
    owner: null,
    tokensIssued: null,
    holders: null,
    explorerUrl: null,
    verifiedBy: null,
    verifiedElsewhere: false,
  };
  if (!("chain" in target)) {
    const wire = syncFieldsOf(target, null);
    return { ...base, status: wire.BlockchainSyncStatus, reason: wire.BlockchainSyncError ?? null };
  }
  const db = await getDb();
  const [row] = await db
    .select()
    .from(chainContracts)
    .where(and(eq(chainContracts.chainKey, chainKeyOf(target.chain)), eq(chainContracts.address, target.address)));
  const explorerUrl = explorerContractUrl(target.chain, target.address) ?? null;
  if (!row) return { ...base, status: "Updating", explorerUrl };
  const indexed = row.standard !== null && row.cursorBlock !== null;
  return {
    ...base,
    status: row.error ? "Updating" : row.status === "Synced" ? "Synced" : "Updating",
    reason: row.error,
    lastBlock: row.cursorBlock,
    syncedAt: row.syncedAt?.getTime() ?? null,
    standard: row.standard === "ERC721" || row.standard === "ERC1155" ? row.standard : null,
    name: row.name,
    symbol: row.symbol,
    owner: row.owner,
    tokensIssued: indexed ? Math.min(Number(BigInt(row.minted) - BigInt(row.burned)), Number.MAX_SAFE_INTEGER) : null,
    holders: indexed ? row.holders : null,
    explorerUrl,
    // The badge's rule of toCollectionDoc: this collection holds it when the row names it.
    verifiedBy: row.verifiedBy && row.verifiedCollectionId === fields.PlatformNFTId ? row.verifiedBy : null,
    verifiedElsewhere: Boolean(row.verifiedBy && row.verifiedCollectionId && row.verifiedCollectionId !== fields.PlatformNFTId),
  };
}
