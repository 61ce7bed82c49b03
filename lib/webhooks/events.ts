import type { CreateResponse } from "@/lib/collections/echo";
import type { CreateRequest } from "@/lib/schemas/create-request";

/** Every event a partner can subscribe an endpoint to. */
export const WEBHOOK_EVENT_TYPES = [
  "collection.created",
  "collection.updated",
  "collection.deleted",
  "perk.created",
  "perk.updated",
  "perk.deleted",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * One change as delivered. Events are thin on purpose: they name what changed and its new
 * Version, and the receiver reads the record with its API key, so a late or replayed event never
 * carries stale fields.
 */
export type WebhookEvent = { type: WebhookEventType; data: Record<string, unknown> };

type Echoed = { PlatformNFTId?: string; PlatformPerkId?: string; Version?: number };

/** The events of one applied create/edit request, from the request and its echo. */
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
  const perks = (response.perkData as Echoed[] | undefined) ?? [];
  perks.forEach((perk, index) => {
    const edited = Boolean(request.perkData?.[index]?.PlatformPerkId);
    events.push({
      type: edited ? "perk.updated" : "perk.created",
      data: { PlatformNFTId: perk.PlatformNFTId, PlatformPerkId: perk.PlatformPerkId },
    });
  });
  return events;
}
