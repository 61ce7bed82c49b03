import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { importBombs, publicHistory, signIn } from "./hardening-history";
import { prepareRun, saveReport, startApp } from "./servers";
import { runScript, type Store } from "./stores";

/**
 * Two bounds from the hardening work, on a fresh embedded store:
 * - a collection at the limits (250 perks, a record just under 1 MiB): time and size of its
 *   retrieval and of its public page;
 * - `--keys` requests (200,000) with random, well-formed bearer keys: server RSS before, during
 *   and after, against `READ_CACHE_MB` (misses must not be cached);
 * - `--urls` requests (200,000), each to a URL never asked before: the browse page, search and
 *   retrieval in turn, each with its own query or id, so every answer is a new cache entry;
 * - the import bombs (16 MiB of JSON zeros, of two-cell CSV rows) and the public page of a
 *   collection whose history holds 31 entries of ~2.7 MB, 20 views at a time (bench/hardening-history.ts).
 */
const { values } = parseArgs({
  options: {
    port: { type: "string", default: "4241" },
    keys: { type: "string", default: "200000" },
    urls: { type: "string", default: "200000" },
    connections: { type: "string", default: "20" },
    views: { type: "string", default: "200" },
    /** An empty PostgreSQL database to measure on instead of a fresh embedded store (whose database lives in the server's RSS). */
    "database-url": { type: "string" },
    "skip-build": { type: "boolean", default: false },
  },
});

const STORE_DIR = ".data/bench/hardening";
fs.rmSync(STORE_DIR, { recursive: true, force: true });
const store: Store = values["database-url"]
  ? { name: "postgres", env: { DATABASE_URL: values["database-url"] } }
  : { name: "pglite", env: { PGLITE_DIR: STORE_DIR } };
prepareRun(values["skip-build"]);
const key = runScript(store, "scripts/keys-create.ts", ["bench-hardening@example.com"]).trim();
const PASSWORD = "bench-hardening-password";
runScript(store, "bench/password-account.ts", ["bench-hardening@example.com", PASSWORD]);
const server = await startApp(Number(values.port), store.env);
const auth = { authorization: `Bearer ${key}`, "content-type": "application/json" };

async function post(body: unknown) {
  const response = await fetch(`${server.url}/api-gateway/create`, { method: "POST", headers: auth, body: JSON.stringify(body) });
  const json = await response.json();
  if (response.status !== 200) throw new Error(`create: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** Median time and size of `count` sequential GETs. */
async function timed(path: string, headers: Record<string, string>, count = 30) {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    const response = await fetch(`${server.url}${path}`, { headers });
    const body = await response.arrayBuffer();
    times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    bytes = body.byteLength;
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(count / 2)]!, max: times.at(-1)!, bytes };
}

const report: string[] = [];
try {
  // 250 perks of ~4 KB each: the record lands just under 1 MiB.
  const { nftData } = await post({ nftData: { Title: "At the limits", ContractChain: "Base", CollectionDescription: "d".repeat(5_000) } });
  const id: string = nftData.PlatformNFTId;
  for (let batch = 0; batch < 3; batch += 1) {
    const size = batch < 2 ? 100 : 50;
    await post({
      perkData: Array.from({ length: size }, (_, i) => ({
        PlatformNFTId: id,
        ShortDescription: `Perk ${batch * 100 + i}: ${"s".repeat(300)}`,
        LongDescription: "l".repeat(3_640),
        Tags: ["Merch", "Events"],
        Status: "Upcoming",
      })),
    });
  }
  const retrieval = await timed(`/api-gateway/collections/${id}`, auth);
  const page = await timed(`/collections/${id}`, {});
  report.push(
    "| request (250 perks) | p50 ms | max ms | bytes |",
    "|---|---:|---:|---:|",
    `| GET /api-gateway/collections/{id} | ${retrieval.p50.toFixed(1)} | ${retrieval.max.toFixed(1)} | ${retrieval.bytes} |`,
    `| GET /collections/{id} (page HTML) | ${page.p50.toFixed(1)} | ${page.max.toFixed(1)} | ${page.bytes} |`,
    "",
  );
  console.error(report.join("\n"));

  await importBombs(server, await signIn(server.url, "bench-hardening@example.com", PASSWORD), report);
  await publicHistory(server, post, auth, report, Number(values.views), timed);
  console.error(report.join("\n"));

  // autocannon reads an amount of 0 as "no limit": a loop asked for 0 requests is skipped instead.
  if (Number(values.keys) > 0) await randomKeys(Number(values.keys));
  if (Number(values.urls) > 0) await distinctUrls(Number(values.urls));
  saveReport("hardening-", report.join("\n"));
} finally {
  await server.stop();
}

/** Server RSS before, at its peak while `run` runs (sampled each second), and after. */
async function watchRss<T>(run: () => Promise<T>): Promise<{ result: T; seconds: number; rss: string }> {
  const before = server.rssMb();
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(server.rssMb()), 1_000);
  const started = performance.now();
  try {
    const result = await run();
    const rss = `server RSS: ${before.toFixed(0)} MB before, peak ${Math.max(...samples, before).toFixed(0)} MB during, ${server.rssMb().toFixed(0)} MB after`;
    return { result, seconds: (performance.now() - started) / 1000, rss };
  } finally {
    clearInterval(sampler);
  }
}

function statusesOf(result: autocannon.Result): string {
  return Object.entries(result.statusCodeStats ?? {})
    .map(([code, stat]) => `${code}: ${stat.count}`)
    .join(", ");
}

async function randomKeys(total: number) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  const randomKey = () => `uds_${Array.from(randomBytes(40), (byte) => alphabet[byte % alphabet.length]).join("")}`;
  const { result, seconds, rss } = await watchRss(() =>
    autocannon({
      url: `${server.url}/api-gateway/search`,
      connections: Number(values.connections),
      amount: total,
      requests: [{ setupRequest: (request) => ({ ...request, headers: { authorization: `Bearer ${randomKey()}` } }) }],
    }),
  );
  report.push(
    `${result.requests.total} requests with random bearer keys in ${seconds.toFixed(0)} s (${statusesOf(result)}); READ_CACHE_MB 32 (default)`,
    rss,
  );
  console.error(report.slice(-2).join("\n"));
}

async function distinctUrls(total: number) {
  // Every URL is new: the cache can only grow with them, up to its budget.
  let sent = 0;
  const distinctPath = () => {
    const n = sent++;
    const word = `w${n.toString(36)}`;
    return [`/?query=${word}`, `/api-gateway/search?query=${word}&pageNum=${1 + (n % 5)}`, `/api-gateway/collections/${word}`][n % 3]!;
  };
  const { result, seconds, rss } = await watchRss(() =>
    autocannon({
      url: server.url,
      connections: Number(values.connections),
      amount: total,
      requests: [{ setupRequest: (request) => ({ ...request, path: distinctPath(), headers: { authorization: auth.authorization } }) }],
    }),
  );
  report.push(
    `${result.requests.total} requests to distinct URLs (browse page, search, retrieval in turn) in ${seconds.toFixed(0)} s (${statusesOf(result)})`,
    rss,
  );
  console.error(report.slice(-2).join("\n"));
}
