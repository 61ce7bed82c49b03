import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { collections, perks } from "@/lib/db/schema";
import { notFound, staleVersion } from "@/lib/errors";
import type { DeletedPerk } from "@/lib/schemas/delete-perk";
import { refreshCollections } from "./refresh";
import { lockCollections } from "./write";

/**
 * Removes one perk from a collection for a caller who manages it, all or nothing: the same
 * ownership, unknown-id and Version rules as an edit, and the collection gets a new Version.
 */
export async function deletePerk(
  userId: string,
  nftId: string,
  perkId: string,
  expectedVersion?: number,
): Promise<DeletedPerk> {
  if (nftId.includes("\u0000") || perkId.includes("\u0000")) {
    throw notFound(`PlatformNFTId: collection ${JSON.stringify(nftId)} not found`);
  }
  const db = await getDb();
  return db.transaction(async (tx) => {
    const versions = await lockCollections(tx, userId, [{ id: nftId, field: "PlatformNFTId" }]);
    const stored = versions.get(nftId);
    if (expectedVersion !== undefined && expectedVersion !== stored) {
      throw staleVersion("Version", stored, expectedVersion);
    }
    const removed = await tx
      .delete(perks)
      .where(and(eq(perks.id, perkId), eq(perks.collectionId, nftId)))
      .returning({ id: perks.id });
    if (removed.length === 0) {
      throw notFound(`PlatformPerkId: perk "${perkId}" not found in collection "${nftId}"`);
    }
    const [bumped] = await tx
      .update(collections)
      .set({ version: sql`${collections.version} + 1`, lastmodified: Date.now() })
      .where(eq(collections.id, nftId))
      .returning({ version: collections.version });
    await refreshCollections(tx, [nftId]);
    return { PlatformNFTId: nftId, PlatformPerkId: perkId, Version: bumped!.version };
  });
}
