import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { measure } from "./measure";
import { DEPLOYMENTS, deploymentsOf, runDeployments, startDeployment, type Deployment, type Outcome } from "./deployments";
import { prepareRun, saveReport } from "./servers";
import { ensureSeeded, storeFacts, storeFor, type Store, type StoreFacts } from "./stores";
import { nextRequest } from "@/lib/traffic/mix";
import { ownCollections } from "./mix";

// Mixed traffic for minutes at a time against the production build: does anything fail, slow
// down or grow over time? Figures go to stdout and bench/results/soak-*.md.
const { values } = parseArgs({
  options: {
    count: { type: "string", default: "100000" },
    minutes: { type: "string", default: "5" },
    window: { type: "string", default: "30" },
    connections: { type: "string", default: "50" },
    store: { type: "string", default: "postgres" },
    port: { type: "string", default: "4300" },
    "skip-build": { type: "boolean", default: false },
    /** The configurations soaked, one after the other (worker-process on PostgreSQL only). */
    deployments: { type: "string", default: "in-process,worker-process" },
  },
});
const windowSeconds = Number(values.window);
const windows = Math.max(1, Math.round((Number(values.minutes) * 60) / windowSeconds));
const connections = Number(values.connections);

type Window = {
  index: number;
  requests: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  unexpected: number;
  timeouts: number;
  conflicts: number;
  rssMb: number;
};

/** One window of mixed traffic at full concurrency; unexpected answers are sampled into `samples`. */
async function runWindow(
  url: string,
  headers: Record<string, string>,
  ownIds: string[],
  varied: () => string,
  index: number,
  samples: string[],
): Promise<Omit<Window, "rssMb">> {
  let unexpected = 0;
  let conflicts = 0;
  const result = await autocannon({
    url,
    connections,
    duration: windowSeconds,
    headers,
    requests: [
      {
        setupRequest: (request) => {
          const next = nextRequest(ownIds, varied);
          // A fresh headers object each time: autocannon writes Content-Length into the one it
          // is given, and a GET that inherits a POST's length leaves the server waiting for a body.
          const own = next.body === undefined ? { ...headers } : { ...headers, "content-type": "application/json" };
          return { ...request, method: next.method, path: next.path, body: next.body, headers: own };
        },
        onResponse: (status, body) => {
          if (status === 409) conflicts += 1;
          else if (status < 200 || status >= 300) {
            unexpected += 1;
            if (samples.length < 5) samples.push(`${status} ${String(body).slice(0, 160)}`);
          }
        },
      },
    ],
  });
  return {
    index,
    requests: result.requests.total,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    unexpected: unexpected + result.errors,
    timeouts: result.timeouts,
    conflicts,
  };
}

/** One configuration's soak: the server as it deploys, traffic once /api/ready answers. */
async function soak(store: Store, deployment: Deployment, { key, varied }: StoreFacts): Promise<Outcome> {
  const label = `[${deployment}]`;
  const server = await startDeployment(deployment, Number(values.port), store.env);
  const headers = { authorization: `Bearer ${key}` };
  try {
    const ownIds = await ownCollections(server.url, headers, 200);
    const coldRss = server.rssMb();
    const samples: string[] = [];
    // One window of warm-up first: V8's heap, the connection pool and the read cache grow to
    // their working size there, which is not growth over time.
    const warmUp = await runWindow(server.url, headers, ownIds, varied, -1, samples);
    console.error(`  ${label} warm-up: ${warmUp.reqPerSec.toFixed(0)} req/s, RSS ${coldRss.toFixed(0)} → ${server.rssMb().toFixed(0)} MB`);
    // The framework floor in the same run, so the mix's throughput can be read as a ratio to it.
    const health = await measure(server.url, () => ({ path: "/api/health" }), { connections, durationSeconds: windowSeconds });
    console.error(`  ${label} health: ${health.reqPerSec.toFixed(0)} req/s`);
    const startRss = server.rssMb();
    const results: Window[] = [];
    for (let index = 0; index < windows; index += 1) {
      const window = { ...(await runWindow(server.url, headers, ownIds, varied, index, samples)), rssMb: server.rssMb() };
      results.push(window);
      console.error(
        `  ${label} window ${index + 1}/${windows}: ${window.reqPerSec.toFixed(0)} req/s, p50 ${window.p50} ms, p99 ${window.p99} ms, unexpected ${window.unexpected} (timeouts ${window.timeouts}), 409 ${window.conflicts}, RSS ${window.rssMb.toFixed(0)} MB`,
      );
    }
    const endRss = server.rssMb();
    const served = results.reduce((sum, window) => sum + window.requests, 0);
    const unexpected = results.reduce((sum, window) => sum + window.unexpected, 0);
    const conflicts = results.reduce((sum, window) => sum + window.conflicts, 0);
    const growth = (endRss - startRss) / startRss;
    const mixRate = served / (results.length * windowSeconds);
    const p50s = results.map((w) => w.p50).sort((a, b) => a - b);
    const worstP99 = Math.max(...results.map((w) => w.p99));
    const text = [
      `Soak: ${store.name}, ${values.count} collections, ${label} ${DEPLOYMENTS[deployment]}, ${connections} connections, ${windows} × ${windowSeconds} s, ${new Date().toISOString()}`,
      `Mix: 80% search (the bench's varied searches), 10% retrieval, 5% create (2 perks), 4% edit, 1% deliberately stale edit (409)`,
      "",
      "| window | requests | req/s | p50 ms | p99 ms | unexpected non-2xx | deliberate 409 | server RSS MB |",
      "|---:|---:|---:|---:|---:|---:|---:|---:|",
      ...results.map(
        (w) =>
          `| ${w.index + 1} | ${w.requests} | ${w.reqPerSec.toFixed(0)} | ${w.p50} | ${w.p99} | ${w.unexpected} | ${w.conflicts} | ${w.rssMb.toFixed(0)} |`,
      ),
      "",
      `Health route in the same run: ${health.reqPerSec.toFixed(0)} req/s. Mix: ${mixRate.toFixed(0)} req/s = ${(mixRate / health.reqPerSec).toFixed(2)} of health (target ≥ 0.25) ${mixRate / health.reqPerSec >= 0.25 ? "✓" : "✗"}; median window p50 ${p50s[Math.floor(p50s.length / 2)]} ms (target < 100) ${p50s[Math.floor(p50s.length / 2)]! < 100 ? "✓" : "✗"}; worst window p99 ${worstP99} ms (target < 1000) ${worstP99 < 1000 ? "✓" : "✗"}`,
      `Requests served: ${served}; unexpected non-2xx or errors: ${unexpected} (target 0) ${unexpected === 0 ? "✓" : "✗"}; deliberate 409s: ${conflicts}`,
      `Server RSS: ${coldRss.toFixed(0)} MB idle, ${startRss.toFixed(0)} MB at start (after the warm-up window), ${endRss.toFixed(0)} MB at end (${(growth * 100).toFixed(1)}%, target ≤ 20%) ${growth <= 0.2 ? "✓" : "✗"}`,
      ...(samples.length ? ["", "First unexpected answers:", ...samples.map((line) => `- ${line}`)] : []),
    ].join("\n");
    const line = `${label} ${mixRate.toFixed(0)} req/s = ${(mixRate / health.reqPerSec).toFixed(2)} of health (${health.reqPerSec.toFixed(0)} req/s), median window p50 ${p50s[Math.floor(p50s.length / 2)]} ms, worst window p99 ${worstP99} ms, unexpected ${unexpected}, RSS ${startRss.toFixed(0)} → ${endRss.toFixed(0)} MB`;
    return { text, line, ok: unexpected === 0 && warmUp.unexpected === 0 };
  } finally {
    // A worker process that ended during the soak fails it here.
    await server.stop();
  }
}

prepareRun(values["skip-build"]);
const store = await storeFor(values.store as Store["name"]);
ensureSeeded(store, Number(values.count));
const facts = storeFacts(store);
const { byConfiguration, report, ok } = await runDeployments(deploymentsOf(values.deployments, store), (deployment) =>
  soak(store, deployment, facts),
);
console.log(byConfiguration);
saveReport("soak-", report);
if (!ok) {
  console.error("Failed: an unexpected answer or error (or a configuration did not run)");
  process.exitCode = 1;
}
