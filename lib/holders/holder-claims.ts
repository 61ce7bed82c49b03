import "server-only";
import { desc, eq, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { perkClaims, perks } from "@/lib/db/schema";
import type { ClaimList } from "@/lib/schemas/claims";
import { claimOfRow } from "./claim-wire";
import { CLAIM_LIST_MAX } from "./partner-claims";

/** The holder's own claims, newest first. */
export async function holderClaims(holderId: string): Promise<ClaimList> {
  const db = await getDb();
  const rows = await db
    .select({ claim: perkClaims, description: sql<string | null>`${perks.data} ->> 'ShortDescription'` })
    .from(perkClaims)
    .leftJoin(perks, eq(perks.id, perkClaims.perkId))
    .where(eq(perkClaims.holderId, holderId))
    .orderBy(desc(perkClaims.claimedAt), desc(perkClaims.id))
    .limit(CLAIM_LIST_MAX);
  return { Claims: rows.map((row) => claimOfRow(row.claim, row.description)) };
}
