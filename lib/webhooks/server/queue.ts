import "server-only";
import { PgBoss, type Db } from "pg-boss";
import { env } from "@/lib/env";
import { leaseSeconds } from "./lease";

/** The pg-boss queue of delivery attempts (created by migration 0009, with pg-boss's schema). */
export const DELIVERY_QUEUE = "webhook-delivery";

/** What a delivery job carries: the delivery row, and which attempt this job is. */
export type DeliveryJob = { deliveryId: string; attempt: number };

/**
 * A job outlives a crash: pg-boss hands an attempt that was running when the process died (still
 * `active` past `expireInSeconds`) out again, up to `retryLimit` times. It expires only after the
 * attempt's own hold on its delivery has lapsed (twice that, at least 30 s), so the job handed
 * out again is free to send. A failed HTTP attempt is not a failed job: the worker records it and
 * sends the next attempt itself, on the webhook schedule.
 */
export const deliveryJobOptions = () =>
  ({
    retryLimit: 5,
    retryDelay: 10,
    expireInSeconds: Math.max(30, Math.ceil(2 * leaseSeconds(env().WEBHOOKS_ATTEMPT_TIMEOUT_MS))),
  }) as const;

/** A pg-boss that only sends: sending needs no started instance, only the schema the migration made. */
let sender: PgBoss | undefined;

/**
 * Inserts one delivery job through `db` (a transaction's, or the process's), due after
 * `delaySeconds`. The job belongs to the team's group, which the worker caps (fair scheduling).
 */
export async function sendDeliveryJob(db: Db, job: DeliveryJob, teamId: string, delaySeconds = 0): Promise<void> {
  sender ??= new PgBoss({ db, schema: "pgboss" });
  await sender.send(DELIVERY_QUEUE, job, {
    ...deliveryJobOptions(),
    group: { id: teamId },
    startAfter: Math.max(0, Math.ceil(delaySeconds)),
    db,
  });
}
