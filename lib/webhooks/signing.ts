import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";

/** A new endpoint secret in the Standard Webhooks form: `whsec_` and 24 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}

export type SignedHeaders = { "webhook-id": string; "webhook-timestamp": string; "webhook-signature": string };

/**
 * The Standard Webhooks headers for one attempt: `v1,` and the base64 HMAC-SHA256, under the
 * secret's decoded bytes, of `id.timestamp.body`. The id stays the same on every attempt, so a
 * receiver can drop a repeat; the timestamp is the attempt's, so it can refuse an old replay.
 */
export function signWebhook(secret: string, id: string, at: Date, body: string): SignedHeaders {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": new Webhook(secret).sign(id, new Date(timestamp * 1000), body),
  };
}
