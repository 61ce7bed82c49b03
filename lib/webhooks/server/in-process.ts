import "server-only";
import { startWebhookWorker, type WebhookWorker } from "./worker";
import { log } from "@/lib/log";

const RETRY_START_MS = 30_000;

const holder = globalThis as unknown as { __udsStopWorkers?: () => Promise<void> };

/**
 * Runs the webhook worker inside this server process. A database that is down at start-up delays
 * it (tried again every 30 s) instead of stopping the server. server.mjs calls the stop hook left
 * on globalThis on SIGTERM/SIGINT, so attempts in flight finish before the process exits.
 */
export function runWebhookWorkerInProcess(): void {
  let worker: WebhookWorker | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const start = () => {
    startWebhookWorker().then(
      (started) => {
        if (stopped) void started.stop();
        else worker = started;
      },
      (error: unknown) => {
        log().error({ err: error }, `webhook worker did not start (retrying in ${RETRY_START_MS / 1000} s)`);
        if (!stopped) timer = setTimeout(start, RETRY_START_MS);
      },
    );
  };
  holder.__udsStopWorkers = async () => {
    stopped = true;
    clearTimeout(timer);
    await worker?.stop();
  };
  start();
}
