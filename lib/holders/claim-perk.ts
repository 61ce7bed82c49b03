import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { getAddress } from "viem";
import { getDb } from "@/lib/db/client";
import { chainContracts, chainHoldings, collections, perkClaims, perks } from "@/lib/db/schema";
import { AppError, badRequest, conflict, forbidden, notFound } from "@/lib/errors";
import { newId } from "@/lib/ids";
import type { Claim } from "@/lib/schemas/claims";
import { chainKeyOf, type ChainInfo } from "@/lib/schemas/chains";
import { perkClock } from "@/lib/schemas/perk-clock";
import { effectivePerkStatus } from "@/lib/schemas/perk-lifecycle";
import { syncTargetOf } from "@/lib/chain/sync-state";
import { hasRpc } from "@/lib/chain/server/rpc";
import { enqueueWebhookEvents } from "@/lib/webhooks/server/enqueue";
import { newClaimCode } from "./claim-code";
import { claimOfRow, type ClaimRow } from "./claim-wire";
import { NOT_SIGNED_IN_WALLET, type WalletLink } from "./holder-session";
import { delegatedAtBlock, holdingsAtHead, type Standard } from "./ownership";
import { countEvent } from "@/lib/insights/counter";

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

type Contract = { chain: ChainInfo; standard: Standard; contract: string; chainKey: string };

/** The wallet's own holdings at the head (ERC-1155's total from the index), refusing a named token it does not hold. */
async function ownHoldings({ chain, standard, contract, chainKey }: Contract, wallet: string, token: bigint | null) {
  const head = await holdingsAtHead(chain, standard, contract, wallet, token);
  if (token !== null && (head.token ?? 0n) < 1n) {
    throw forbidden(`TokenId: ${wallet} does not hold token ${token} of this collection at block ${head.block}`);
  }
  return { block: head.block, holds: head.total ?? (await indexedHoldings(chainKey, contract, wallet)) };
}

/**
 * Holdings through a vault's delegation, every read at one head block: the vault must hold the
 * named token and have delegated it (or the contract, or everything) to the wallet; the wallet's
 * own tokens count too, and the vault's whole holdings when it delegated the contract or everything.
 */
async function throughVault({ chain, standard, contract, chainKey }: Contract, vault: string, wallet: string, token: bigint | null) {
  const held = await holdingsAtHead(chain, standard, contract, vault, token);
  const at = (id: bigint | null) => delegatedAtBlock(chain, standard, contract, vault, wallet, id, held.block);
  const [wholeContract, ofToken] = await Promise.all([at(null), token === null ? 0n : at(token)]);
  if (token !== null && (held.token ?? 0n) < 1n) {
    throw forbidden(`TokenId: ${vault} does not hold token ${token} of this collection at block ${held.block}`);
  }
  const tokenPart = token === null ? 0n : held.token! < ofToken ? held.token! : ofToken;
  if (token !== null && tokenPart < 1n) {
    throw forbidden(`Vault: ${vault} has not delegated token ${token} of this collection to ${wallet} at block ${held.block}`);
  }
  if (token === null && wholeContract === 0n) {
    throw forbidden(`Vault: ${vault} has not delegated this collection's contract to ${wallet} at block ${held.block}`);
  }
  const vaultPart = wholeContract > 0n ? (held.total ?? (await indexedHoldings(chainKey, contract, vault))) : tokenPart;
  const own = await holdingsAtHead(chain, standard, contract, wallet, null, BigInt(held.block));
  return { block: held.block, holds: vaultPart + (own.total ?? (await indexedHoldings(chainKey, contract, wallet))) };
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
 * same transaction. With `Vault`, the token (or the holdings) are a vault's that delegated to the
 * wallet through the delegate registry, checked at the same head block; the claim names both.
 */
export async function claimPerk(
  holderId: string,
  wallets: WalletLink[],
  request: { PlatformPerkId: string; Address: string; TokenId?: string; Vault?: string },
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
  const vault = request.Vault ?? null;
  if (vault === wallet) throw badRequest("Vault: the wallet itself; leave Vault out to claim with the wallet's own tokens");
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
  const token = tokenId === null ? null : BigInt(tokenId);
  const head = vault
    ? await throughVault({ chain, standard, contract, chainKey }, vault, wallet, token)
    : await ownHoldings({ chain, standard, contract, chainKey }, wallet, token);
  if (head.holds < required) {
    const via = vault ? ` with what ${vault} delegated to it` : "";
    throw forbidden(
      `Address: the perk needs ${required} token(s) of its collection; ${wallet} holds ${head.holds}${via} at block ${head.block}`,
    );
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
      vault,
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
    if (inserted) return countEvent("claims", claimOfRow(inserted, perk.ShortDescription ?? null));
    const winner = await standingClaim(request.PlatformPerkId, chainKey, contract, tokenId, wallet);
    if (winner && tokenId !== null) throw alreadyClaimed(winner);
    if (winner) return claimOfRow(winner, perk.ShortDescription ?? null);
  }
  throw new AppError(503, "no claim code could be drawn just now; nothing was claimed: try again", { "Retry-After": "1" });
}
