import "server-only";
import { and, arrayOverlaps, eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/types";
import { webhookDeliveries, webhookEndpoints } from "@/lib/db/schema";
import { newId } from "@/lib/ids";
import type { WebhookEvent } from "@/lib/schemas/webhook";
import { transactionDb } from "@/lib/db/job-queue";
import { sendDeliveryJob } from "./queue";

/** A delivery's id, sent as `webhook-id`: the Standard Webhooks guide's `msg_` form. */
export const newDeliveryId = () => `msg_${newId()}`;

type Endpoint = { id: string; events: string[] };

/**
 * The team's enabled endpoints subscribed to any of `types`: the lookup `enqueueWebhookEvents`
 * starts with, for a write that sends it early, beside its other statements, and passes it in.
 */
export async function subscribedEndpoints(tx: Queryable, teamId: string, types: string[]): Promise<Endpoint[]> {
  // Awaited here, so the caller holds a promise: drizzle's query runs again each time it is awaited.
  return await tx
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.teamId, teamId), eq(webhookEndpoints.enabled, true), arrayOverlaps(webhookEndpoints.events, types)));
}

/**
 * Records the events of a write for every enabled endpoint of the team that subscribed to
 * them, and queues their first attempts, inside the write's own transaction `tx`: a rolled-back
 * write sends nothing, a committed one is never lost. A team without endpoints costs one query,
 * or none when the write looked them up already (`subscribed`, for a superset of the events' types).
 */
export async function enqueueWebhookEvents(
  tx: Queryable,
  teamId: string,
  events: WebhookEvent[],
  subscribed?: () => Promise<Endpoint[]>,
): Promise<void> {
  if (events.length === 0) return;
  const types = [...new Set(events.map((event) => event.type))];
  const endpoints = subscribed ? await subscribed() : await subscribedEndpoints(tx, teamId, types);
  const timestamp = new Date().toISOString();
  const rows = endpoints.flatMap((endpoint) =>
    events
      .filter((event) => endpoint.events.includes(event.type))
      .map((event) => ({
        id: newDeliveryId(),
        endpointId: endpoint.id,
        eventType: event.type,
        payload: { type: event.type, timestamp, data: event.data },
      })),
  );
  if (rows.length === 0) return;
  await tx.insert(webhookDeliveries).values(rows);
  const db = transactionDb(tx);
  for (const row of rows) await sendDeliveryJob(db, { deliveryId: row.id, attempt: 1 }, teamId);
}
