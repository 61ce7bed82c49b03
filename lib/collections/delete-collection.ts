import "server-only";
import { getDb } from "@/lib/db/client";
import { recordChanges, type Actor } from "@/lib/history/record";
import { forgetRecentReads } from "@/lib/db/read-cache";
import type { StoreAnswer } from "@/lib/idempotency/idempotency";
import type { DeletedCollection } from "@/lib/schemas/delete-collection";
import { enqueueWebhookEvents } from "@/lib/webhooks/server/enqueue";
import { deleteCollectionRow, lockCollection } from "./store";

/**
 * Deletes a collection and its perks for a caller who manages it, in one transaction, under the
 * same lock, ownership and Version rules as an edit.
 */
export async function deleteCollection(
  actor: Actor,
  nftId: string,
  expectedVersion?: number,
  storeAnswer?: StoreAnswer<DeletedCollection>,
): Promise<DeletedCollection> {
  const db = await getDb();
  const deleted = await db.transaction(async (tx) => {
    await lockCollection(tx, actor.teamId, nftId, expectedVersion);
    storeAnswer = await recordChanges(tx, actor, [nftId], storeAnswer);
    const answer = { PlatformNFTId: nftId, DeletedPerks: await deleteCollectionRow(tx, nftId) };
    await enqueueWebhookEvents(tx, actor.teamId, [{ type: "collection.deleted", data: answer }]);
    await storeAnswer?.(tx, answer);
    return answer;
  });
  // A deleted collection must vanish from this instance's searches now, not a moment later.
  forgetRecentReads();
  return deleted;
}
