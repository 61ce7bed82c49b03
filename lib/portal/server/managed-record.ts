import "server-only";
import { managerRef } from "@/lib/auth/accounts";
import { getCollectionRecord } from "@/lib/collections/read";
import { notFound } from "@/lib/errors";
import type { CollectionRecord } from "@/lib/schemas/create-request";
import { isPossibleId } from "@/lib/schemas/path-id";

/**
 * A collection the partner manages, for editing. Another partner's collection answers the same
 * 404 as an unknown id, so ids cannot be probed from the portal.
 */
export async function getManagedRecord(userId: string, id: string): Promise<CollectionRecord> {
  const record = await findManagedRecord(userId, id);
  if (!record) throw notFound(`PlatformNFTId: collection "${id}" not found`);
  return record;
}

/** The same, null when the partner may not see it, for pages that answer with Next's 404 page. */
export async function findManagedRecord(userId: string, id: string): Promise<CollectionRecord | null> {
  if (!isPossibleId(id)) return null;
  const record = await getCollectionRecord(id);
  return record?.nftData.Managers.includes(managerRef(userId)) ? record : null;
}
