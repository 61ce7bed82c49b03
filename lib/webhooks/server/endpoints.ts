import "server-only";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { teams, webhookDeliveries, webhookEndpoints } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { badRequest, conflict } from "@/lib/errors";
import { newId } from "@/lib/ids";
import type { WebhookDeliveryRow, WebhookEndpointRequest, WebhookEndpointRow } from "@/lib/schemas/webhook";
import { newWebhookSecret } from "../signing";
import { leaseSeconds } from "./lease";
import { transactionDb } from "@/lib/db/job-queue";
import { sendDeliveryJob } from "./queue";
import { checkTarget, TargetRefused, type Resolver } from "./target";

/** Endpoints one team may register: each is a place its data goes to, to watch. */
export const MAX_ENDPOINTS = 10;
/** Deliveries the log shows for one endpoint, newest first. */
export const DELIVERY_LOG_SIZE = 50;

type EndpointRecord = typeof webhookEndpoints.$inferSelect;

const summary = (row: EndpointRecord): WebhookEndpointRow => ({
  id: row.id,
  url: row.url,
  events: row.events,
  enabled: row.enabled,
  disabledReason: row.disabledReason,
  failingSince: row.failingSince?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

export async function listWebhookEndpoints(teamId: string): Promise<WebhookEndpointRow[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.teamId, teamId))
    .orderBy(desc(webhookEndpoints.createdAt));
  return rows.map(summary);
}

/**
 * Registers an endpoint after checking its URL now (https, and a host whose every address is
 * public); the answer holds the signing secret, the only time it is shown.
 */
export async function createWebhookEndpoint(
  teamId: string,
  request: WebhookEndpointRequest,
  resolve?: Resolver,
): Promise<{ secret: string; endpoint: WebhookEndpointRow }> {
  try {
    await checkTarget(request.url, { allowPrivate: env().WEBHOOKS_ALLOW_PRIVATE, resolve });
  } catch (error) {
    if (error instanceof TargetRefused) throw badRequest(`url: ${error.message}`);
    throw error;
  }
  const secret = newWebhookSecret();
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for("update");
    const [existing] = await tx.select({ total: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.teamId, teamId));
    if ((existing?.total ?? 0) >= MAX_ENDPOINTS) {
      throw conflict(`A team can have at most ${MAX_ENDPOINTS} webhook endpoints: delete one you no longer use first.`);
    }
    // The same URL twice would only send every event to it twice.
    const [same] = await tx
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.teamId, teamId), eq(webhookEndpoints.url, request.url)));
    if (same) throw badRequest("url: this URL is already registered; one endpoint receives every event it subscribes to");
    const [inserted] = await tx
      .insert(webhookEndpoints)
      .values({ id: newId(), teamId, url: request.url, events: request.events, secret })
      .returning();
    return inserted!;
  });
  return { secret, endpoint: summary(row) };
}

/** Deletes an endpoint and its delivery log; its queued attempts find no delivery and end. */
export async function deleteWebhookEndpoint(teamId: string, id: string): Promise<boolean> {
  const db = await getDb();
  const deleted = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.teamId, teamId)))
    .returning({ id: webhookEndpoints.id });
  return deleted.length > 0;
}

/** Turns a disabled endpoint back on; its failure clock starts again. */
export async function enableWebhookEndpoint(teamId: string, id: string): Promise<WebhookEndpointRow | null> {
  const db = await getDb();
  const [row] = await db
    .update(webhookEndpoints)
    .set({ enabled: true, disabledReason: null, failingSince: null })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.teamId, teamId)))
    .returning();
  return row ? summary(row) : null;
}

/** The endpoint's latest deliveries, newest first; null when the team has no such endpoint. */
export async function listWebhookDeliveries(
  teamId: string,
  endpointId: string,
): Promise<{ endpoint: WebhookEndpointRow; deliveries: WebhookDeliveryRow[] } | null> {
  const db = await getDb();
  const [endpoint] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.teamId, teamId)));
  if (!endpoint) return null;
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(DELIVERY_LOG_SIZE);
  return {
    endpoint: summary(endpoint),
    deliveries: rows.map((row) => ({
      id: row.id,
      eventType: row.eventType,
      status: row.status as WebhookDeliveryRow["status"],
      attempts: row.attempts,
      lastStatusCode: row.lastStatusCode,
      lastError: row.lastError,
      nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/**
 * Sends a delivery again now, whatever became of it: the same event and `webhook-id`, as the next
 * attempt. A retry already queued for it then finds its attempt taken and does nothing. Refused
 * (409) while an attempt is under way.
 */
export async function resendWebhookDelivery(teamId: string, endpointId: string, deliveryId: string): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        attempts: webhookDeliveries.attempts,
        underWay: sql<boolean>`coalesce(${webhookDeliveries.attemptStartedAt} > now() - make_interval(secs => ${leaseSeconds(env().WEBHOOKS_ATTEMPT_TIMEOUT_MS)}), false)`,
        enabled: webhookEndpoints.enabled,
      })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.teamId, teamId)))
      .for("update");
    if (!row) return false;
    if (!row.enabled) throw conflict("The endpoint is disabled: enable it before resending.");
    // One attempt at a time: a resend now would POST beside the one still waiting for its answer.
    if (row.underWay) {
      throw conflict("An attempt of this delivery is under way: resend it once it has been answered.");
    }
    await tx
      .update(webhookDeliveries)
      .set({ status: "pending", nextAttemptAt: sql`now()` })
      .where(eq(webhookDeliveries.id, deliveryId));
    await sendDeliveryJob(transactionDb(tx), { deliveryId, attempt: row.attempts + 1 }, teamId);
    return true;
  });
}
