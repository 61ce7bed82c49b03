/**
 * `npm run worker`: the background queues (webhook deliveries and chain sync) in a process of
 * their own, for deployments whose web servers run with IN_PROCESS_WORKERS=0 (docs/deployment.md).
 * PostgreSQL only: the embedded store belongs to the one process that opened it. Ctrl-C or
 * SIGTERM stops it after the attempts in flight.
 */
import { closeDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import { productionConfigProblems } from "@/lib/startup/production-config";

// As server.mjs: a worker is a deployment's process, so production unless told otherwise, and it
// refuses what the server refuses (webhooks to private addresses above all: it delivers them).
(process.env as Record<string, string | undefined>).NODE_ENV ??= "production";

try {
  const problems = process.env.NODE_ENV === "production" ? productionConfigProblems(env()) : [];
  if (problems.length > 0) {
    console.error(`Unsafe configuration for production:\n  ${problems.join("\n  ")}`);
    process.exit(2);
  }
  if (!env().DATABASE_URL) {
    console.error(
      "npm run worker needs DATABASE_URL: the embedded store (PGlite) belongs to one process, where the web server runs the queues itself.",
    );
    process.exit(2);
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}

const { startWebhookWorker } = await import("@/lib/webhooks/server/worker");
const { startSyncWorker } = await import("@/lib/chain/server/worker");
let workers: { stop: () => Promise<void> }[];
try {
  workers = [await startWebhookWorker(), await startSyncWorker()];
} catch (error) {
  // A supervisor (systemd, Kubernetes, …) restarts it; the reason is in its log.
  console.error(`The workers did not start: ${(error as Error).message}`);
  await closeDb().catch(() => undefined);
  process.exit(1);
}
console.error("Workers running: webhook deliveries and chain sync. Ctrl-C or SIGTERM stops them after the attempts in flight.");

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void Promise.all(workers.map((worker) => worker.stop()))
      .then(() => closeDb())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(`Stopping the workers: ${(error as Error).message}`);
          process.exit(1);
        },
      );
  });
}
