import { parseArgs } from "node:util";
import { BULK_ACCOUNT } from "@/scripts/seed/bulk-account";
import { measure, type Figures } from "./measure";
import { prepareRun, saveReport, startApp } from "./servers";
import { runScript, type Store } from "./stores";

/**
 * My collections for a partner with 5,000 collections: the production server on a store holding
 * the bulk account (seeded once and reused), signed in as that partner. For the JSON route and
 * the page: time to first byte of single requests (median and p90 of `--samples`), then req/s
 * and latency under `--connections`. Timings are reported, never asserted.
 */
const { values } = parseArgs({
  options: {
    port: { type: "string", default: "4261" },
    duration: { type: "string", default: "5" },
    connections: { type: "string", default: "10" },
    samples: { type: "string", default: "30" },
    /** A PostgreSQL database to measure instead of the embedded store (created beforehand). */
    "database-url": { type: "string" },
    "skip-build": { type: "boolean", default: false },
  },
});

const store: Store = values["database-url"]
  ? { name: "postgres", env: { DATABASE_URL: values["database-url"] } }
  : { name: "pglite", env: { PGLITE_DIR: ".data/bench/my-collections" } };
const options = { connections: Number(values.connections), durationSeconds: Number(values.duration) };
const samples = Number(values.samples);

const PATHS: [string, string][] = [
  ["JSON: first page (last change)", "/api/portal/collections"],
  ["JSON: page 200 of 250", "/api/portal/collections?page=200"],
  ["JSON: title sort, page 125", "/api/portal/collections?sort=title&page=125"],
  ["JSON: title text + release status", "/api/portal/collections?q=Bulk%2004&status=Upcoming"],
  ["page: /portal/collections", "/portal/collections"],
  ["page: title sort, page 200", "/portal/collections?sort=title&page=200"],
];

async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ email: BULK_ACCOUNT.email, password: BULK_ACCOUNT.password }),
  });
  if (response.status !== 200) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

const percentile = (sorted: number[], share: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;

/** Time to the answer's headers and to its last byte, one request at a time. */
async function firstByte(
  url: string,
  cookie: string,
): Promise<{ ttfbP50: number; ttfbP90: number; totalP50: number; bytes: number; total?: number }> {
  const ttfb: number[] = [];
  const whole: number[] = [];
  let bytes = 0;
  let total: number | undefined;
  for (let i = -3; i < samples; i += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    const headersAt = performance.now();
    const body = await response.text();
    if (response.status !== 200) throw new Error(`${url}: ${response.status} ${body.slice(0, 200)}`);
    if (i < 0) continue; // warm-up
    ttfb.push(headersAt - started);
    whole.push(performance.now() - started);
    bytes = body.length;
    if (response.headers.get("content-type")?.includes("json")) total = (JSON.parse(body) as { total: number }).total;
  }
  ttfb.sort((a, b) => a - b);
  whole.sort((a, b) => a - b);
  return { ttfbP50: percentile(ttfb, 0.5), ttfbP90: percentile(ttfb, 0.9), totalP50: percentile(whole, 0.5), bytes, total };
}

prepareRun(values["skip-build"]);
const owned = Number(runScript(store, "bench/store-facts.ts", ["bulk-account"]).trim());
const server = await startApp(Number(values.port), store.env);
const rows: string[] = [];
try {
  const cookie = await signIn(server.url);
  const health = await measure(server.url, () => ({ path: "/api/health" }), options);
  const row = (name: string, single: Awaited<ReturnType<typeof firstByte>> | null, loaded: Figures) =>
    `| ${name} | ${single ? single.ttfbP50.toFixed(1) : ""} | ${single ? single.ttfbP90.toFixed(1) : ""} | ${single ? single.totalP50.toFixed(1) : ""} | ${single ? (single.total ?? "") : ""} | ${loaded.reqPerSec.toFixed(0)} | ${loaded.p50} | ${loaded.p99} | ${loaded.non2xx + loaded.errors} |`;
  rows.push(row("health (framework floor)", null, health));
  for (const [name, path] of PATHS) {
    const single = await firstByte(`${server.url}${path}`, cookie);
    const loaded = await measure(server.url, () => ({ path, headers: { cookie } }), options);
    rows.push(row(name, single, loaded));
    console.error(`  ${name}: TTFB p50 ${single.ttfbP50.toFixed(1)} ms, ${loaded.reqPerSec.toFixed(0)} req/s`);
  }
  const text = [
    `My collections: ${owned.toLocaleString("en-US")} collections of ${BULK_ACCOUNT.email} on ${store.name}, ${new Date().toISOString()}`,
    `Single requests: median and p90 of ${samples} after 3 warm-ups. Load: ${options.connections} connections, ${options.durationSeconds} s per path. Peak server RSS ${server.peakRssMb().toFixed(0)} MB.`,
    "",
    "| path | TTFB p50 ms | TTFB p90 ms | whole answer p50 ms | total | req/s | p50 ms | p99 ms | non-2xx/errors |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows,
  ].join("\n");
  console.log(text);
  saveReport("my-collections-", text);
} finally {
  await server.stop();
}
