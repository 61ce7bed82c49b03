/** Runs once per server process before it takes requests (Next.js instrumentation hook). */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { checkStartupOrExit } = await import("./lib/startup/check");
  await checkStartupOrExit();
  // In the background: /api/ready answers 503 until it is done (lib/startup/warm-up.ts).
  const { startWarmUp } = await import("./lib/startup/warm-up");
  void startWarmUp();
  // Webhook deliveries run in the server process itself (docs/webhooks.md).
  const { runWebhookWorkerInProcess } = await import("./lib/webhooks/server/in-process");
  runWebhookWorkerInProcess();
  // Chain sync too (docs/chain.md); after the webhooks, whose stop hook it keeps.
  const { runSyncWorkerInProcess } = await import("./lib/chain/server/in-process");
  runSyncWorkerInProcess();
}
