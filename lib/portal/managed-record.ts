import "server-only";
import { managerRef } from "@/lib/auth/accounts";
import { getCollectionRecord } from "@/lib/collections/read";
import { notFound } from "@/lib/errors";
import type { CollectionRecord } from "@/lib/schemas/create-request";

/**
 * A collection the partner manages, for editing. Another partner's collection answers the same
 * 404 as an unknown id, so ids cannot be probed from the portal.
 */
export async function getManagedRecord(userId: string, id: string): Promise<CollectionRecord> {
  const record = await getCollectionRecord(id);
  if (!record || !record.nftData.Managers.includes(managerRef(userId))) {
    throw notFound(`PlatformNFTId: collection "${id}" not found`);
  }
  return record;
}
