import type { CreateResponse } from "@/lib/collections/echo";
import type { CreateRequest } from "@/lib/schemas/create-request";
import type { PerkRef, WebhookEvent, WebhookEventType } from "@/lib/schemas/webhook";

/** Every type `eventsOfWrite` can give a new collection with its new perks. */
export const CREATE_EVENT_TYPES: WebhookEventType[] = ["collection.created", "perk.created"];

/** Every type `eventsOfWrite` can give an edit of stored collections. */
export const EDIT_EVENT_TYPES: WebhookEventType[] = ["collection.updated", "perk.created", "perk.updated"];

type Echoed = { PlatformNFTId?: string; PlatformPerkId?: string; Version?: number };

/**
 * The events of one applied create/edit request, from the request and its echo: at most one per
 * type, so a request touching 100 perks raises at most three events per endpoint (the
 * collection's, `perk.created` and `perk.updated`, each listing its perks) instead of 101.
 * An event per perk would let one write fan out into hundreds of POSTs to each endpoint.
 */
export function eventsOfWrite(request: CreateRequest, response: CreateResponse): WebhookEvent[] {
  const events: WebhookEvent[] = [];
  const nft = response.nftData as Echoed | undefined;
  if (request.nftData && nft?.PlatformNFTId) {
    const created = !request.nftData.PlatformNFTId;
    events.push({
      type: created ? "collection.created" : "collection.updated",
      data: { PlatformNFTId: nft.PlatformNFTId, Version: nft.Version },
    });
  }
  const created: PerkRef[] = [];
  const updated: PerkRef[] = [];
  ((response.perkData as Echoed[] | undefined) ?? []).forEach((perk, index) => {
    const ref = { PlatformNFTId: perk.PlatformNFTId!, PlatformPerkId: perk.PlatformPerkId! };
    (request.perkData?.[index]?.PlatformPerkId ? updated : created).push(ref);
  });
  if (created.length > 0) events.push({ type: "perk.created", data: { Perks: created } });
  if (updated.length > 0) events.push({ type: "perk.updated", data: { Perks: updated } });
  return events;
}
