import "server-only";
import { getAddress } from "viem";
import type { perkClaims } from "@/lib/db/schema";
import { chainOfLabel } from "@/lib/schemas/chains";
import type { Claim } from "@/lib/schemas/claims";

export type ClaimRow = typeof perkClaims.$inferSelect;

/** A stored claim on the wire, the chain in its shown spelling (rows keep it in lower case). */
export const claimOfRow = (row: ClaimRow, perkDescription: string | null): Claim => ({
  ClaimId: row.id,
  Code: row.code,
  PlatformNFTId: row.collectionId,
  PlatformPerkId: row.perkId,
  PerkDescription: perkDescription,
  Chain: chainOfLabel(row.chainKey)?.label ?? row.chainKey,
  ContractAddress: getAddress(row.contract),
  TokenId: row.tokenId,
  Wallet: getAddress(row.wallet),
  Vault: row.vault === null ? null : getAddress(row.vault),
  Block: Number(row.block),
  ClaimedAt: row.claimedAt.toISOString(),
  RedeemedAt: row.redeemedAt?.toISOString() ?? null,
});
