import "server-only";
import { env } from "@/lib/env";
import { processDb, startJobQueue } from "@/lib/db/job-queue";
import { chainOfJob, queueEveryContract, sendSyncJob, SYNC_QUEUE, type SyncJob } from "./queue";
import { syncContract, type SyncLimits, type SyncOutcome } from "./sync";
import { log } from "@/lib/log";

export type SyncWorker = { stop: () => Promise<void> };

/** The longest wait between attempts at a failing contract. */
const MAX_BACKOFF_SECONDS = 600;

/** When the next attempt is due: at once while behind, after the interval when caught up, later and later while failing. */
export function nextDelaySeconds(outcome: SyncOutcome, intervalSeconds: number, failures: number): number {
  if (outcome.state === "behind") return 0;
  if (outcome.state === "synced") return intervalSeconds;
  return Math.min(MAX_BACKOFF_SECONDS, intervalSeconds * 2 ** Math.min(failures, 10));
}

export type SyncWorkerOptions = Partial<SyncLimits> & {
  pollingIntervalSeconds?: number;
  intervalSeconds?: number;
  sweepSeconds?: number;
  concurrency?: number;
};

/**
 * Starts following contracts: a pg-boss worker on this process's database that runs one attempt
 * per job (a few contracts at a time) and queues the contract's next attempt itself, so a synced
 * contract is checked again every CHAIN_SYNC_INTERVAL_SECONDS, and a failing one later and later
 * (by the failures in a row stored on the contract, so every process backs off alike). At start it
 * queues every contract the stored collections name. Attempts never throw (failures are stored on
 * the contract), so a job fails only when its process dies or the database does not answer; pg-boss
 * then hands it out again a few times, and every CHAIN_SYNC_SWEEP_SECONDS a sweep gives any
 * contract left without a waiting job a new one.
 */
export async function startSyncWorker(options: SyncWorkerOptions = {}): Promise<SyncWorker> {
  const intervalSeconds = options.intervalSeconds ?? env().CHAIN_SYNC_INTERVAL_SECONDS;
  const sweepSeconds = options.sweepSeconds ?? env().CHAIN_SYNC_SWEEP_SECONDS;
  const boss = await startJobQueue("chain sync queue", 30);
  await boss.work<SyncJob>(
    SYNC_QUEUE,
    { batchSize: options.concurrency ?? 4, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1 },
    async (jobs) => {
      await Promise.all(
        jobs.map(async ({ data }) => {
          const chain = chainOfJob(data);
          if (!chain) return;
          const outcome = await syncContract(chain, data, options);
          await sendSyncJob(await processDb(), data, nextDelaySeconds(outcome, intervalSeconds, outcome.failures ?? 0));
        }),
      );
    },
  );
  await queueEveryContract();
  const sweep = setInterval(() => {
    queueEveryContract({ unlessWaiting: true }).catch((error: Error) => log().error({ err: error }, "chain sync sweep"));
  }, sweepSeconds * 1000);
  sweep.unref();
  return {
    stop: () => {
      clearInterval(sweep);
      return boss.stop({ graceful: true, timeout: 15_000 });
    },
  };
}
