import "server-only";
import { startSyncWorker } from "@/lib/chain/server/worker";
import { log } from "@/lib/log";
import { processSlot } from "@/lib/process-slot";
import { startWebhookWorker } from "@/lib/webhooks/server/worker";

type Worker = { stop(): Promise<void> };

const RETRY_START_MS = 30_000;

/** Called by server.mjs on SIGTERM/SIGINT, so the work in flight finishes before the process exits. */
const stopWorkers = processSlot<() => Promise<void>>("workers.stop");

/**
 * Starts one queue's worker, and again every 30 s while it cannot (a database down at start-up
 * delays the worker instead of stopping the server). Returns its stop.
 */
function keepStarting(name: string, start: () => Promise<Worker>): () => Promise<void> {
  let worker: Worker | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const attempt = () => {
    start().then(
      (started) => {
        if (stopped) void started.stop();
        else worker = started;
      },
      (error: unknown) => {
        log().error({ err: error }, `${name} did not start (retrying in ${RETRY_START_MS / 1000} s)`);
        if (!stopped) timer = setTimeout(attempt, RETRY_START_MS);
      },
    );
  };
  attempt();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await worker?.stop();
  };
}

/**
 * Runs the background queues (webhook deliveries, chain sync) inside this server process, as
 * `npm run worker` runs them apart (docs/deployment.md).
 */
export function runWorkersInProcess(): void {
  const stops = [keepStarting("webhook worker", startWebhookWorker), keepStarting("chain sync", startSyncWorker)];
  stopWorkers.value = async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
