import "server-only";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { webhookEndpoints } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { conflict } from "@/lib/errors";
import type { WebhookTestResult } from "@/lib/schemas/webhook";
import { signWebhook } from "../signing";
import { leaseSeconds } from "./lease";
import { newDeliveryId } from "./enqueue";
import { postEvent } from "./post";
import type { Resolver } from "./target";

/** The type of a test event: no endpoint subscribes to it, it is sent when asked. */
export const TEST_EVENT_TYPE = "webhook.test";

/**
 * Sends one signed `webhook.test` event to an endpoint of the team now, and returns how the
 * target answered: status, time taken and the first bytes of its answer. One test at a time per
 * endpoint (a second, from another tab or a double click that got past the browser, is a 409),
 * so clicking cannot be turned into a stream of POSTs. Null when the team has no such endpoint.
 */
export async function sendTestEvent(teamId: string, endpointId: string, resolve?: Resolver): Promise<WebhookTestResult | null> {
  const { WEBHOOKS_ALLOW_PRIVATE, WEBHOOKS_ATTEMPT_TIMEOUT_MS } = env();
  const db = await getDb();
  const mine = and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.teamId, teamId));
  const [endpoint] = await db
    .update(webhookEndpoints)
    .set({ testStartedAt: sql`now()` })
    .where(
      and(
        mine,
        or(
          isNull(webhookEndpoints.testStartedAt),
          lt(webhookEndpoints.testStartedAt, sql`now() - make_interval(secs => ${leaseSeconds(WEBHOOKS_ATTEMPT_TIMEOUT_MS)})`),
        ),
      ),
    )
    .returning({ url: webhookEndpoints.url, secret: webhookEndpoints.secret });
  if (!endpoint) {
    const [exists] = await db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(mine);
    if (!exists) return null;
    throw conflict("A test event to this endpoint is already on its way; its answer shows when it arrives.");
  }
  try {
    const id = newDeliveryId();
    const sentAt = new Date();
    const body = JSON.stringify({ type: TEST_EVENT_TYPE, timestamp: sentAt.toISOString(), data: { EndpointId: endpointId } });
    const result = await postEvent(endpoint.url, signWebhook(endpoint.secret, id, sentAt, body), body, {
      allowPrivate: WEBHOOKS_ALLOW_PRIVATE,
      timeoutMs: WEBHOOKS_ATTEMPT_TIMEOUT_MS,
      resolve,
    });
    return {
      id,
      sentAt: sentAt.toISOString(),
      ok: result.ok,
      status: result.status,
      durationMs: result.durationMs,
      body: result.body,
      error: result.ok ? null : result.error,
    };
  } finally {
    await db.update(webhookEndpoints).set({ testStartedAt: null }).where(eq(webhookEndpoints.id, endpointId));
  }
}
