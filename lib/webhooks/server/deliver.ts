import "server-only";
import { eq, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { webhookDeliveries, webhookEndpoints } from "@/lib/db/schema";
import { nextRetryDelayMs, RETRY_WINDOW_MS } from "../backoff";
import { signWebhook } from "../signing";
import { postEvent } from "./post";
import { transactionDb } from "@/lib/db/job-queue";
import { sendDeliveryJob, type DeliveryJob } from "./queue";
import type { Resolver } from "./target";
import { claimAttempt } from "./claim";

/** How soon a job refused for a full account is handed out again. */
const ACCOUNT_FULL_RETRY_SECONDS = 1;

export type DeliveryOptions = {
  allowPrivate: boolean;
  /** The whole time one attempt may take (WEBHOOKS_ATTEMPT_TIMEOUT_MS). */
  timeoutMs: number;
  resolve?: Resolver;
  /** Shortens the retry schedule and the 24-hour window (tests only). */
  scale?: number;
  now?: () => number;
};

export const DISABLED_AFTER_FAILURES = "Every delivery failed for 24 hours, so deliveries were stopped.";

/** Thrown for a job whose delivery has an attempt under way: pg-boss runs the job again later. */
export class AttemptUnderWay extends Error {
  constructor(deliveryId: string) {
    super(`delivery ${deliveryId} has an attempt under way`);
    this.name = "AttemptUnderWay";
  }
}

/**
 * Runs one attempt of one delivery and records it; on failure queues the next attempt on the
 * schedule (in the same transaction as the record), or gives up after 24 hours and disables an
 * endpoint that failed all that time. A job for an attempt that already ran (a repeat after a
 * crash, or a resend racing a retry) does nothing.
 *
 * The attempt is claimed before it is sent (`attempt_started_at`), so no second attempt of the
 * same delivery (a resend, a job handed out again) is sent while one is under way: such a job
 * throws and pg-boss runs it again later, when it finds the attempt recorded and does nothing,
 * or, if the process sending it died, sends it. The same claim holds the account to its
 * ACCOUNT_SLOTS: a job that finds them all taken is queued again and sends nothing.
 */
export async function runDeliveryAttempt(job: DeliveryJob, options: DeliveryOptions): Promise<void> {
  const db = await getDb();
  const now = options.now ?? Date.now;
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, job.deliveryId));
  if (!row) return;
  const { delivery, endpoint } = row;
  if (delivery.status !== "pending" || delivery.attempts !== job.attempt - 1) return;
  if (!endpoint.enabled) {
    await db
      .update(webhookDeliveries)
      .set({ status: "failed", lastError: "The endpoint is disabled.", nextAttemptAt: null })
      .where(eq(webhookDeliveries.id, delivery.id));
    return;
  }
  const claim = await db.transaction(async (tx) => {
    const outcome = await claimAttempt(tx, { ...job, teamId: endpoint.teamId, timeoutMs: options.timeoutMs });
    // A full account's job comes back a little later as a new job, so waiting for a slot never
    // uses up the retries pg-boss keeps for attempts a crash cut short.
    if (outcome === "account-full") await sendDeliveryJob(transactionDb(tx), job, endpoint.teamId, ACCOUNT_FULL_RETRY_SECONDS);
    return outcome;
  });
  if (claim === "under-way") throw new AttemptUnderWay(delivery.id);
  if (claim === "account-full") return;

  const body = JSON.stringify(delivery.payload);
  const headers = signWebhook(endpoint.secret, delivery.id, new Date(now()), body);
  const result = await postEvent(endpoint.url, headers, body, options);
  const scale = options.scale ?? 1;

  await db.transaction(async (tx) => {
    // Claims the attempt: a second run of the same job finds `attempts` moved on and records nothing.
    const claimed = await tx
      .update(webhookDeliveries)
      .set({
        attempts: job.attempt,
        attemptStartedAt: null,
        lastStatusCode: result.status,
        lastError: result.ok ? null : result.error.slice(0, 1_000),
      })
      .where(sql`${webhookDeliveries.id} = ${delivery.id} AND ${webhookDeliveries.attempts} = ${job.attempt - 1}`)
      .returning({ id: webhookDeliveries.id });
    if (claimed.length === 0) return;
    if (result.ok) {
      await tx.update(webhookDeliveries).set({ status: "delivered", nextAttemptAt: null }).where(eq(webhookDeliveries.id, delivery.id));
      await tx.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpoint.id));
      return;
    }
    // An endpoint fails since the event it first failed to take: so the attempt at the end of that
    // event's 24-hour window is also the one that finds the endpoint failing for 24 hours.
    const failingSince = endpoint.failingSince?.getTime() ?? delivery.createdAt.getTime();
    if (!endpoint.failingSince) {
      await tx
        .update(webhookEndpoints)
        .set({ failingSince: new Date(failingSince) })
        .where(eq(webhookEndpoints.id, endpoint.id));
    }
    if (now() - failingSince >= RETRY_WINDOW_MS * scale) {
      await tx
        .update(webhookEndpoints)
        .set({ enabled: false, disabledReason: `${DISABLED_AFTER_FAILURES} Last error: ${result.error.slice(0, 300)}` })
        .where(eq(webhookEndpoints.id, endpoint.id));
      await tx.update(webhookDeliveries).set({ status: "failed", nextAttemptAt: null }).where(eq(webhookDeliveries.id, delivery.id));
      return;
    }
    const delay = nextRetryDelayMs(job.attempt, now() - delivery.createdAt.getTime(), scale);
    if (delay === null) {
      await tx.update(webhookDeliveries).set({ status: "failed", nextAttemptAt: null }).where(eq(webhookDeliveries.id, delivery.id));
      return;
    }
    await tx
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date(now() + delay) })
      .where(eq(webhookDeliveries.id, delivery.id));
    await sendDeliveryJob(transactionDb(tx), { deliveryId: delivery.id, attempt: job.attempt + 1 }, endpoint.teamId, delay / 1000);
  });
}
