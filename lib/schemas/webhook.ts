import { z } from "zod";
import { LIMITS } from "./limits";
import { pathIdSchema } from "./path-id";

/** Every event a partner can subscribe an endpoint to. */
export const WEBHOOK_EVENT_TYPES = [
  "collection.created",
  "collection.updated",
  "collection.deleted",
  "perk.created",
  "perk.updated",
  "perk.deleted",
  "perk.claimed",
  "claim.redeemed",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * One change as delivered. Events are thin on purpose: they name what changed and its new
 * Version, and the receiver reads the record with its API key, so a late or replayed event never
 * carries stale fields.
 */
export type WebhookEvent = { type: WebhookEventType; data: Record<string, unknown> };

/** One perk named by a `perk.created` or `perk.updated` event. */
export type PerkRef = { PlatformNFTId: string; PlatformPerkId: string };

/**
 * Registering a webhook endpoint in the portal. The shape is checked here (forms and route alike);
 * the server then refuses what only it can judge: plain http and private addresses, after DNS.
 */
export const webhookEndpointRequestSchema = z.strictObject({
  url: z
    .string({ error: "expected a string" })
    .trim()
    .min(1, { error: "Enter the URL that should receive the events" })
    .max(LIMITS.url, { error: `at most ${LIMITS.url} characters` })
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
      error: "Enter a full URL, such as https://example.com/webhooks",
    }),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `expected one of ${WEBHOOK_EVENT_TYPES.join(", ")}` }), {
      error: "expected a list of events",
    })
    .min(1, { error: "Choose at least one event" })
    .refine((list) => new Set(list).size === list.length, { error: "Each event at most once" }),
});
export type WebhookEndpointRequest = z.infer<typeof webhookEndpointRequestSchema>;

/** One endpoint in the portal's list: never its secret, which is shown once when it is registered. */
export type WebhookEndpointRow = {
  id: string;
  url: string;
  events: string[];
  enabled: boolean;
  disabledReason: string | null;
  failingSince: string | null;
  createdAt: string;
};

/** One delivery in an endpoint's log. */
export type WebhookDeliveryRow = {
  id: string;
  eventType: string;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
};

/** How an endpoint answered a test event: its status (null: no answer), time taken and first bytes. */
export type WebhookTestResult = {
  /** The event's `webhook-id`. */
  id: string;
  sentAt: string;
  ok: boolean;
  status: number | null;
  durationMs: number;
  body: string;
  error: string | null;
};

/** `{id}/deliveries/{deliveryId}`: one delivery of one endpoint. */
export const deliveryPathSchema = z.object({ id: pathIdSchema, deliveryId: pathIdSchema });
