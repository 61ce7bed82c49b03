import "server-only";
import { startSyncWorker, type SyncWorker } from "./worker";
import { log } from "@/lib/log";

const RETRY_START_MS = 30_000;

const holder = globalThis as unknown as { __udsStopWorkers?: () => Promise<void> };

/**
 * Runs the chain sync inside this server process, beside the webhook worker. A database that is
 * down at start-up delays it (tried again every 30 s). The stop hook server.mjs calls on
 * SIGTERM/SIGINT stops it too, after the hooks already there.
 */
export function runSyncWorkerInProcess(): void {
  let worker: SyncWorker | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const start = () => {
    startSyncWorker().then(
      (started) => {
        if (stopped) void started.stop();
        else worker = started;
      },
      (error: unknown) => {
        log().error({ err: error }, `chain sync did not start (retrying in ${RETRY_START_MS / 1000} s)`);
        if (!stopped) timer = setTimeout(start, RETRY_START_MS);
      },
    );
  };
  const stopOthers = holder.__udsStopWorkers;
  holder.__udsStopWorkers = async () => {
    stopped = true;
    clearTimeout(timer);
    await Promise.all([stopOthers?.(), worker?.stop()]);
  };
  start();
}
