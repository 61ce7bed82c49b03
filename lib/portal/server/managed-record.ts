import "server-only";
import { getCollectionRecord } from "@/lib/collections/read";
import { teamOfCollection } from "@/lib/collections/store";
import { notFound } from "@/lib/errors";
import type { CollectionRecord } from "@/lib/schemas/create-request";
import { isPossibleId } from "@/lib/schemas/path-id";

/**
 * A collection of the caller's team, for editing. Another team's collection answers the same
 * 404 as an unknown id, so ids cannot be probed from the portal.
 */
export async function getManagedRecord(teamId: string, id: string): Promise<CollectionRecord> {
  const record = await findManagedRecord(teamId, id);
  if (!record) throw notFound(`PlatformNFTId: collection "${id}" not found`);
  return record;
}

/** The same, null when the team may not see it, for pages that answer with Next's 404 page. */
export async function findManagedRecord(teamId: string, id: string): Promise<CollectionRecord | null> {
  if (!isPossibleId(id) || (await teamOfCollection(id)) !== teamId) return null;
  return getCollectionRecord(id);
}
