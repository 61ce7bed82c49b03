/** Runs once per server process before it takes requests (Next.js instrumentation hook). */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Before any request: what request code runs in it holds no request's state (lib/outside-request.ts).
  const { captureStartupContext } = await import("./lib/outside-request");
  captureStartupContext();
  const { checkStartupOrExit } = await import("./lib/startup/check");
  await checkStartupOrExit();
  // In the background: /api/ready answers 503 until it is done (lib/startup/warm-up.ts).
  const { startWarmUp } = await import("./lib/startup/warm-up");
  void startWarmUp();
  // Public pages answered again from a kept copy while what they show is unchanged (docs/decisions/094).
  const { startKeepingPages } = await import("./lib/http/server/kept-pages");
  const { pageStamp } = await import("./lib/http/server/page-stamps");
  const { spendPageSearch } = await import("./lib/browse/server/page-budget");
  const { searchPageUnchanged } = await import("./lib/search/search-writes");
  const { countAppearances } = await import("./lib/insights/counter");
  const settings = (await import("./lib/env")).env();
  startKeepingPages({
    maxAgeMs: settings.PAGE_KEEP_MS,
    stampedMaxAgeMs: settings.PAGE_KEEP_STAMPED_MS,
    maxBytes: settings.PAGE_KEEP_MB * 1024 * 1024,
    stamp: pageStamp,
    spend: spendPageSearch,
    // A replica's searches may not yet hold what the primary's snapshot does (docs/decisions/097).
    unchanged: settings.DATABASE_READ_URL ? undefined : (exactAt, since) => searchPageUnchanged(exactAt, since),
    // A view answered from a copy counts its search appearances as its render did (docs/product.md#insights).
    appeared: (appearances) => countAppearances("search", { Docs: appearances }),
  });
  // The gateway's public reads, answered by the production server without Next.js (docs/decisions/103).
  (await import("./lib/routes/gateway-reads")).startGatewayReads();
  // Partner insights are counted in memory and added to the store every few seconds (lib/insights/).
  const { startInsightsFlush } = await import("./lib/insights/flush");
  startInsightsFlush();
  // Webhook deliveries and chain sync run in the server process itself, unless separate
  // `npm run worker` processes run them (IN_PROCESS_WORKERS=0, docs/deployment.md).
  const { env } = await import("./lib/env");
  if (!env().IN_PROCESS_WORKERS) return;
  const { runWorkersInProcess } = await import("./lib/startup/background-workers");
  runWorkersInProcess();
}
