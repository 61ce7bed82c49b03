import "server-only";
import { PgBoss } from "pg-boss";
import { env } from "@/lib/env";
import { runDeliveryAttempt, type DeliveryOptions } from "./deliver";
import { DELIVERY_QUEUE, processDb, type DeliveryJob } from "./queue";

export type WebhookWorker = { stop: () => Promise<void> };

/**
 * Starts delivering: a pg-boss worker on this process's database (PostgreSQL or the embedded
 * PGlite), a few attempts at a time. pg-boss's maintenance hands out again the jobs a stopped or
 * crashed process left running. `stop` lets the attempts in flight finish (up to 15 s).
 */
export async function startWebhookWorker(
  options: Partial<DeliveryOptions> & { pollingIntervalSeconds?: number } = {},
): Promise<WebhookWorker> {
  const boss = new PgBoss({
    db: await processDb(),
    schema: "pgboss",
    // The schema comes with the app's migrations; pg-boss upgrades it itself when its version changes.
    migrate: true,
    supervise: true,
    schedule: false,
    // Maintenance hands out again the attempts a killed process left `active`: checked often, so a
    // restart resumes within a minute.
    maintenanceIntervalSeconds: 15,
    monitorIntervalSeconds: 60,
  });
  boss.on("error", (error: Error) => console.error("webhook queue:", error.message));
  await boss.start();
  const deliveryOptions: DeliveryOptions = {
    allowPrivate: env().WEBHOOKS_ALLOW_PRIVATE,
    timeoutMs: env().WEBHOOKS_ATTEMPT_TIMEOUT_MS,
    ...options,
  };
  await boss.work<DeliveryJob>(
    DELIVERY_QUEUE,
    { batchSize: 4, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1 },
    async (jobs) => {
      await Promise.all(jobs.map((job) => runDeliveryAttempt(job.data, deliveryOptions)));
    },
  );
  return { stop: () => boss.stop({ graceful: true, timeout: 15_000 }) };
}
