import "server-only";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { getAddress } from "viem";
import { getDb } from "@/lib/db/client";
import { collections, perkClaims, perks } from "@/lib/db/schema";
import { conflict, forbidden, notFound } from "@/lib/errors";
import { neutraliseCell } from "@/lib/schemas/csv-cells";
import { teamOfCollection } from "@/lib/collections/store";
import type { Actor } from "@/lib/history/record";
import { UNKNOWN_CODE, type Claim, type ClaimList } from "@/lib/schemas/claims";
import { enqueueWebhookEvents } from "@/lib/webhooks/server/enqueue";
import { claimOfRow } from "./claim-wire";
import { countEvent } from "@/lib/insights/counter";

/** The most claims a list or a download holds, newest first. */
export const CLAIM_LIST_MAX = 10_000;

/** The claims of a collection of the caller's team, newest first: 404 for no such collection, 403 for another team's. */
export async function collectionClaims(teamId: string, collectionId: string): Promise<ClaimList> {
  const owner = await teamOfCollection(collectionId);
  if (!owner) throw notFound(`PlatformNFTId: collection "${collectionId}" not found`);
  if (owner !== teamId) throw forbidden(`PlatformNFTId: you are not a manager of collection "${collectionId}"`);
  const db = await getDb();
  const rows = await db
    .select({ claim: perkClaims, description: sql<string | null>`${perks.data} ->> 'ShortDescription'` })
    .from(perkClaims)
    .leftJoin(perks, eq(perks.id, perkClaims.perkId))
    .where(eq(perkClaims.collectionId, collectionId))
    .orderBy(desc(perkClaims.claimedAt), desc(perkClaims.id))
    .limit(CLAIM_LIST_MAX);
  return { Claims: rows.map((row) => claimOfRow(row.claim, row.description)) };
}

const CSV_HEADER = [
  "ClaimId",
  "Code",
  "PlatformPerkId",
  "PerkDescription",
  "Chain",
  "ContractAddress",
  "TokenId",
  "Wallet",
  "Vault",
  "Block",
  "ClaimedAt",
  "RedeemedAt",
] as const;

const quoted = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** The list as CSV (RFC 4180, a header row); the perk's description is the only partner text, neutralised against spreadsheet formulas. */
export function claimsCsv(list: ClaimList): string {
  const cell = (claim: Claim, column: (typeof CSV_HEADER)[number]) => {
    const value = claim[column];
    if (value === null) return "";
    return quoted(column === "PerkDescription" ? neutraliseCell(String(value)) : String(value));
  };
  const lines = [CSV_HEADER.join(","), ...list.Claims.map((claim) => CSV_HEADER.map((column) => cell(claim, column)).join(","))];
  return `${lines.join("\r\n")}\r\n`;
}

/**
 * Marks a code redeemed, once: only a code of a claim on the team's own collections is found (any
 * other, guessed or another team's, is the same 404), a second redeem is a 409 saying when the
 * first was. `claim.redeemed` is recorded in the same transaction.
 */
export async function redeemCode(account: Actor, code: string): Promise<Claim> {
  const db = await getDb();
  const claim = await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ claim: perkClaims, description: sql<string | null>`${perks.data} ->> 'ShortDescription'` })
      .from(perkClaims)
      .innerJoin(collections, eq(collections.id, perkClaims.collectionId))
      .leftJoin(perks, eq(perks.id, perkClaims.perkId))
      .where(and(eq(perkClaims.code, code), eq(collections.teamId, account.teamId)));
    if (!found) throw notFound(UNKNOWN_CODE);
    const [redeemed] = await tx
      .update(perkClaims)
      .set({ redeemedAt: new Date(), redeemedBy: account.userId, redeemedKeyId: account.keyId })
      .where(and(eq(perkClaims.id, found.claim.id), isNull(perkClaims.redeemedAt)))
      .returning();
    if (!redeemed) {
      const [current] = await tx.select({ at: perkClaims.redeemedAt }).from(perkClaims).where(eq(perkClaims.id, found.claim.id));
      throw conflict(`Code: already redeemed at ${current?.at?.toISOString() ?? "an earlier time"}; a code is redeemed once`);
    }
    await enqueueWebhookEvents(tx, account.teamId, [
      {
        type: "claim.redeemed",
        data: {
          PlatformNFTId: redeemed.collectionId,
          PlatformPerkId: redeemed.perkId,
          ClaimId: redeemed.id,
          TokenId: redeemed.tokenId,
          Wallet: getAddress(redeemed.wallet),
        },
      },
    ]);
    return claimOfRow(redeemed, found.description);
  });
  return countEvent("redemptions", claim);
}
