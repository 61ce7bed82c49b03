import "server-only";
import { getDb } from "@/lib/db/client";
import { recordChanges, type Actor } from "@/lib/history/record";
import type { StoreAnswer } from "@/lib/idempotency/idempotency";
import type { DeletedPerk } from "@/lib/schemas/delete-perk";
import { enqueueWebhookEvents } from "@/lib/webhooks/server/enqueue";
import { refreshCollections } from "./refresh";
import { bumpVersions, deletePerkRow, lockCollection } from "./store";

/**
 * Removes one perk from a collection for a caller who manages it, all or nothing: the same
 * ownership, unknown-id and Version rules as an edit, and the collection gets a new Version.
 */
export async function deletePerk(
  actor: Actor,
  nftId: string,
  perkId: string,
  expectedVersion?: number,
  storeAnswer?: StoreAnswer<DeletedPerk>,
): Promise<DeletedPerk> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await lockCollection(tx, actor.teamId, nftId, expectedVersion);
    storeAnswer = await recordChanges(tx, actor, [nftId], storeAnswer);
    await deletePerkRow(tx, nftId, perkId);
    const versions = await bumpVersions(tx, [nftId], Date.now());
    await refreshCollections(tx, [nftId]);
    const answer = { PlatformNFTId: nftId, PlatformPerkId: perkId, Version: versions.get(nftId)! };
    await enqueueWebhookEvents(tx, actor.teamId, [{ type: "perk.deleted", data: answer }]);
    await storeAnswer?.(tx, answer);
    return answer;
  });
}
