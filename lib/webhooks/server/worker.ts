import "server-only";
import { env } from "@/lib/env";
import { runDeliveryAttempt, type DeliveryOptions } from "./deliver";
import { startJobQueue } from "@/lib/db/job-queue";
import { DELIVERY_QUEUE, type DeliveryJob } from "./queue";
import { ACCOUNT_SLOTS } from "./claim";

export type WebhookWorker = { stop: () => Promise<void> };

/** Attempts one instance runs at once, each in a slot of its own. */
export const DELIVERY_SLOTS = 6;
/**
 * Starts delivering: a pg-boss worker on this process's database (PostgreSQL or the embedded
 * PGlite), DELIVERY_SLOTS attempts at a time, at most ACCOUNT_SLOTS of them for one account. pg-boss's maintenance hands out again the jobs a stopped or
 * crashed process left running. `stop` lets the attempts in flight finish (up to 15 s).
 */
export async function startWebhookWorker(
  options: Partial<DeliveryOptions> & { pollingIntervalSeconds?: number } = {},
): Promise<WebhookWorker> {
  // Attempts a killed process left `active` are checked for often, so a restart resumes within a minute.
  const boss = await startJobQueue("webhook queue", 15);
  const deliveryOptions: DeliveryOptions = {
    allowPrivate: env().WEBHOOKS_ALLOW_PRIVATE,
    timeoutMs: env().WEBHOOKS_ATTEMPT_TIMEOUT_MS,
    ...options,
  };
  // Slots of their own, one job each: a batch would wait for its slowest attempt before taking
  // more. pg-boss's group cap keeps a full account's jobs back; the claim in runDeliveryAttempt
  // holds it exactly, across every instance's workers.
  await boss.work<DeliveryJob>(
    DELIVERY_QUEUE,
    {
      batchSize: 1,
      localConcurrency: DELIVERY_SLOTS,
      groupConcurrency: ACCOUNT_SLOTS,
      pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
    },
    async ([job]) => {
      if (job) await runDeliveryAttempt(job.data, deliveryOptions);
    },
  );
  return { stop: () => boss.stop({ graceful: true, timeout: 15_000 }) };
}
