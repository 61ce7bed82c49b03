import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { getAddress } from "viem";
import { getDb } from "@/lib/db/client";
import { chainContracts, chainHoldings, collections, perkClaims, perks } from "@/lib/db/schema";
import { AppError, badRequest, conflict, forbidden, notFound } from "@/lib/errors";
import { newId } from "@/lib/ids";
import type { Claim } from "@/lib/schemas/claims";
import { chainKeyOf } from "@/lib/schemas/chains";
import { perkClock } from "@/lib/schemas/perk-clock";
import { effectivePerkStatus } from "@/lib/schemas/perk-lifecycle";
import { syncTargetOf } from "@/lib/chain/sync-state";
import { hasRpc } from "@/lib/chain/server/rpc";
import { enqueueWebhookEvents } from "@/lib/webhooks/server/enqueue";
import { newClaimCode } from "./claim-code";
import { claimOfRow, type ClaimRow } from "./claim-wire";
import type { WalletLink } from "./holder-session";
import { holdingsAtHead, type Standard } from "./ownership";

export const NOT_SIGNED_IN_WALLET = "Address: sign in with this wallet first; it is not one of your signed-in wallets";

/** The perk, its collection and the contract's sync row: one read. */
async function perkToClaim(perkId: string) {
  const db = await getDb();
  const [row] = await db
    .select({ perk: perks.data, collectionId: perks.collectionId, collection: collections.data, teamId: collections.teamId })
    .from(perks)
    .innerJoin(collections, eq(collections.id, perks.collectionId))
    .where(eq(perks.id, perkId));
  if (!row) throw notFound(`PlatformPerkId: perk "${perkId}" not found`);
  return row;
}

/** The contract the collection is synced from; a 409 saying why when it is not (yet). */
async function syncedContract(collectionId: string, chainLabel: string | undefined, address: string | undefined) {
  const target = syncTargetOf(chainLabel, address, hasRpc);
  if (!("chain" in target)) {
    const why = "problem" in target ? target.problem : "the collection names no contract";
    throw conflict(`PlatformPerkId: the perk's collection ${collectionId} is not synced from a chain (${why}); it cannot be claimed`);
  }
  const db = await getDb();
  const [row] = await db
    .select({
      status: chainContracts.status,
      error: chainContracts.error,
      cursor: chainContracts.cursorBlock,
      standard: chainContracts.standard,
    })
    .from(chainContracts)
    .where(and(eq(chainContracts.chainKey, chainKeyOf(target.chain)), eq(chainContracts.address, target.address)));
  if (!row || row.status !== "Synced" || row.error || row.cursor === null || !row.standard) {
    throw conflict(`PlatformPerkId: the perk's collection ${collectionId} is not synced from its contract yet; try again once it is`);
  }
  return { ...target, standard: row.standard as Standard };
}

/** The wallet's tokens of the contract per the index (ERC-1155 units summed): the eligibility figure. */
async function indexedHoldings(chainKey: string, contract: string, wallet: string): Promise<bigint> {
  const db = await getDb();
  const [row] = await db
    .select({ holds: sql<string>`coalesce(sum(${chainHoldings.amount}), 0)::text` })
    .from(chainHoldings)
    .where(and(eq(chainHoldings.chainKey, chainKey), eq(chainHoldings.address, contract), eq(chainHoldings.holder, wallet)));
  return BigInt(row?.holds ?? "0");
}

/** The claim already standing for this token (one-time perks) or wallet (other perks). */
async function standingClaim(perkId: string, chainKey: string, contract: string, tokenId: string | null, wallet: string) {
  const db = await getDb();
  const match =
    tokenId === null
      ? and(eq(perkClaims.perkId, perkId), eq(perkClaims.wallet, wallet), sql`${perkClaims.tokenId} IS NULL`)
      : and(
          eq(perkClaims.perkId, perkId),
          eq(perkClaims.chainKey, chainKey),
          eq(perkClaims.contract, contract),
          eq(perkClaims.tokenId, tokenId),
        );
  const [row] = await db.select().from(perkClaims).where(match);
  return row as ClaimRow | undefined;
}

const alreadyClaimed = (existing: ClaimRow) =>
  conflict(
    `TokenId: token ${existing.tokenId} already claimed this perk, at ${existing.claimedAt.toISOString()}; a one-time perk is claimed once per token`,
  );

/**
 * Claims a perk for one of the holder's wallets (DESIGN.md, "Holders": Claims). The perk must be
 * current and its collection synced; ownership is read at the chain's head, not only the index:
 * a one-time perk needs the named token, and every perk the wallet's `TokensRequired` (ERC-721 at
 * the head, ERC-1155 from the index, which has the per-id sums). The row is unique per token for a
 * one-time perk, so of two concurrent claims one is inserted and the other is a 409; any other
 * perk gives a wallet one code, answered again when asked again. `perk.claimed` is recorded in the
 * same transaction.
 */
export async function claimPerk(
  holderId: string,
  wallets: WalletLink[],
  request: { PlatformPerkId: string; Address: string; TokenId?: string },
): Promise<Claim> {
  const wallet = request.Address;
  const link = wallets.find((candidate) => candidate.address === wallet);
  if (!link) throw forbidden(NOT_SIGNED_IN_WALLET);
  const { perk, collectionId, collection, teamId } = await perkToClaim(request.PlatformPerkId);
  if (effectivePerkStatus(perk.Status, perk.Date, perkClock.now()) === "Past") {
    throw conflict(`PlatformPerkId: the perk has passed (Status Past); it can no longer be claimed`);
  }
  const oneTime = perk.OneTime === true;
  if (oneTime && request.TokenId === undefined) throw badRequest("TokenId: a one-time perk is claimed with a token: name its id");
  if (!oneTime && request.TokenId !== undefined) throw badRequest("TokenId: only one-time perks are claimed with a token; leave it out");
  const tokenId = oneTime ? request.TokenId! : null;
  const { chain, address: contract, standard } = await syncedContract(collectionId, collection.ContractChain, collection.ContractAddress);
  const chainKey = chainKeyOf(chain);
  if (link.chainId !== null && link.chainId !== chain.id) {
    throw forbidden(
      `Address: ${wallet} is a contract wallet proven on chain ${link.chainId}, not on ${chain.label} (${chain.id}); sign in with it on ${chain.label}`,
    );
  }

  const existing = await standingClaim(request.PlatformPerkId, chainKey, contract, tokenId, wallet);
  if (existing && tokenId !== null) throw alreadyClaimed(existing);
  if (existing) return claimOfRow(existing, perk.ShortDescription ?? null);

  const required = BigInt(perk.TokensRequired ?? 1);
  const head = await holdingsAtHead(chain, standard, contract, wallet, tokenId === null ? null : BigInt(tokenId));
  if (tokenId !== null && (head.token ?? 0n) < 1n) {
    throw forbidden(`TokenId: ${wallet} does not hold token ${tokenId} of this collection at block ${head.block}`);
  }
  const holds = head.total ?? (await indexedHoldings(chainKey, contract, wallet));
  if (holds < required) {
    throw forbidden(`Address: the perk needs ${required} token(s) of its collection; ${wallet} holds ${holds} at block ${head.block}`);
  }

  const db = await getDb();
  // A code that happens to be taken already (about one in 10^9 tries per stored claim) is drawn again.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const row = {
      id: newId(),
      code: newClaimCode(),
      collectionId,
      perkId: request.PlatformPerkId,
      chainKey,
      contract,
      tokenId,
      wallet,
      holderId,
      block: head.block,
    };
    const inserted = await db.transaction(async (tx) => {
      const [claim] = await tx.insert(perkClaims).values(row).onConflictDoNothing().returning();
      if (!claim) return null;
      await enqueueWebhookEvents(tx, teamId, [
        {
          type: "perk.claimed",
          data: { PlatformNFTId: collectionId, PlatformPerkId: row.perkId, ClaimId: row.id, TokenId: tokenId, Wallet: getAddress(wallet) },
        },
      ]);
      return claim as ClaimRow;
    });
    if (inserted) return claimOfRow(inserted, perk.ShortDescription ?? null);
    const winner = await standingClaim(request.PlatformPerkId, chainKey, contract, tokenId, wallet);
    if (winner && tokenId !== null) throw alreadyClaimed(winner);
    if (winner) return claimOfRow(winner, perk.ShortDescription ?? null);
  }
  throw new AppError(503, "no claim code could be drawn just now; nothing was claimed: try again", { "Retry-After": "1" });
}
