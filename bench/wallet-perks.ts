import os from "node:os";
import { parseArgs } from "node:util";
import { measure, type Figures } from "./measure";
import { prepareRun, saveReport, startApp } from "./servers";
import { ensureSeeded, runScript, runScriptAsync, type Store } from "./stores";
import { benchWallets } from "./wallet-perks-wallets";
import { startLocalNode } from "@/lib/chain/server/local-node";
import { installTestDelegateRegistry } from "@/lib/chain/server/test-registry";

/**
 * Wallet eligibility at scale: a store of `--count` collections whose contracts are all synced
 * (index rows inserted directly, as a sync leaves them), `--wallets` wallets each holding tokens
 * of `--held` collections, and GET /api-gateway/wallets/{address}/perks answered for them in turn
 * through the route's handler, in-process. With `--http` (PostgreSQL only) the production build is
 * then served with IN_PROCESS_WORKERS=0, so no sync worker checks the contracts against an RPC and
 * overwrites rows no chain backs, and the route is measured over HTTP beside the health route.
 * Reported, never asserted; the target is p50 < 50 ms at 100,000 collections (DESIGN.md,
 * "Holders"; docs/performance.md).
 */
const { values } = parseArgs({
  options: {
    count: { type: "string", default: "100000" },
    wallets: { type: "string", default: "100" },
    held: { type: "string", default: "200" },
    samples: { type: "string", default: "200" },
    /** A PostgreSQL database of its own (created when missing); without it, an embedded store. */
    "database-url": { type: "string" },
    "search-cache-ms": { type: "string" },
    /** Also over HTTP, against the production build (PostgreSQL only). */
    http: { type: "boolean", default: false },
    "skip-build": { type: "boolean", default: false },
    port: { type: "string", default: "4260" },
    connections: { type: "string", default: "10" },
    duration: { type: "string", default: "10" },
  },
});

async function storeOf(): Promise<Store> {
  const url = values["database-url"];
  if (!url) return { name: "pglite", env: { PGLITE_DIR: `.data/bench/wallet-perks-${values.count}` } };
  const { default: pg } = await import("pg");
  const target = new URL(url);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const name = target.pathname.slice(1);
  const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, "")}"`);
  await client.end();
  return { name: "postgres", env: { DATABASE_URL: url } };
}

const store = await storeOf();
const seedStarted = performance.now();
ensureSeeded(store, Number(values.count));
const seedSeconds = (performance.now() - seedStarted) / 1000;
// Every chain of the table has an RPC: one local node carrying the test delegate registry, which
// eligibility asks for each wallet's delegations (once per wallet and chain within
// DELEGATION_CACHE_MS); the bench's wallets received none. Nothing else is asked of it.
const node = await startLocalNode();
process.on("exit", () => void node.stop());
await installTestDelegateRegistry(node.url);
const rpcs = Object.fromEntries(
  ["ETHEREUM", "POLYGON", "BASE", "ARBITRUM", "OPTIMISM", "AVALANCHE", "LOCALHOST"].map((chain) => [`CHAIN_RPC_${chain}`, node.url]),
);
Object.assign(process.env, rpcs);
process.env.RATE_LIMIT_SEARCH_PER_MINUTE = "1000000";
if (values["search-cache-ms"] !== undefined) process.env.SEARCH_CACHE_MS = values["search-cache-ms"];
const figures = JSON.parse(
  (await runScriptAsync(store, "bench/wallet-perks-probe.ts", [values.wallets!, values.held!, values.samples!])).trim().split("\n").at(-1)!,
);
const load = () => (os.loadavg() as number[]).map((value) => value.toFixed(2)).join(" ");
const loadBefore = load();
const delegationReads = JSON.parse(
  (await runScriptAsync(store, "bench/wallet-perks-delegations.ts", [values.samples!])).trim().split("\n").at(-1)!,
);
const loadAfter = load();

/** Health, then wallet perks for the bench's wallets in turn, over HTTP with the bench's key. */
async function overHttp(): Promise<Record<"health" | "wallet", Figures>> {
  prepareRun(values["skip-build"]);
  const key = runScript(store, "bench/store-facts.ts", ["key"]).trim();
  const server = await startApp(Number(values.port), { ...store.env, ...rpcs, IN_PROCESS_WORKERS: "0" });
  const wallets = benchWallets(Number(values.wallets));
  let next = 0;
  const options = { connections: Number(values.connections), durationSeconds: Number(values.duration) };
  try {
    const health = await measure(server.url, () => ({ path: "/api/health" }), options);
    const wallet = await measure(
      server.url,
      () => ({ path: `/api-gateway/wallets/${wallets[next++ % wallets.length]}/perks`, headers: { authorization: `Bearer ${key}` } }),
      options,
    );
    return { health, wallet };
  } finally {
    await server.stop();
  }
}

const row = (name: string, line: { p50: number; p90: number; numPages?: number }) =>
  `| ${name} | ${line.p50} | ${line.p90} | ${line.numPages ?? ""} |`;
const lines = [
  `Wallet perks: ${figures.facts.collections} collections (${store.name}), ${figures.facts.contracts} synced contracts, ${figures.facts.holdings} holdings rows, ${figures.facts.open} perks with TokensRequired 0; ${values.wallets} wallets holding tokens of ${values.held} collections each; Node ${process.version}, ${new Date().toISOString()}`,
  `Seeding checked/added in ${seedSeconds.toFixed(0)} s; index rows inserted in ${figures.indexSeconds} s. Search cache: ${values["search-cache-ms"] ?? "default (500 ms)"}.`,
  `In-process handler times (the route pipeline: key, budget, parse, answer; no HTTP). Health handler p50 ${figures.health.p50} ms.`,
  "",
  "| request | p50 ms | p90 ms | NumPages |",
  "|---|---:|---:|---:|",
  row("wallet perks, page 1 (varied wallets)", figures.page1),
  row("wallet perks, page 3", figures.page3),
  row("wallet perks, category=Events", figures.category),
  row("perk search, category=Events (varied pages)", figures.perkSearch),
  "",
  `Target: wallet perks p50 < 50 ms at 100,000 collections: ${figures.page1.p50 < 50 ? "✓" : "✗"} (${figures.page1.p50} ms)`,
  "",
  `The delegation read alone (the delegate registry at the head of a local anvil node, uncached: what a wallet's first request per chain pays within DELEGATION_CACHE_MS), ${values.samples} reads each; load average ${loadBefore} → ${loadAfter}:`,
  "",
  "| delegations received | p50 ms | p90 ms | RPC requests per read | vs wallet perks p50 |",
  "|---:|---:|---:|---:|---:|",
  ...(
    [
      ["0", delegationReads.zero],
      ["1", delegationReads.one],
      ["20", delegationReads.twenty],
    ] as [string, { p50: number; p90: number; requests: number }][]
  ).map(
    ([count, read]) =>
      `| ${count} | ${read.p50} | ${read.p90} | ${read.requests} | ${((read.p50 / Math.max(figures.page1.p50, 0.1)) * 100).toFixed(0)}% |`,
  ),
];
if (values.http) {
  if (store.name !== "postgres") throw new Error("--http needs --database-url: IN_PROCESS_WORKERS=0 is PostgreSQL only");
  const { health, wallet } = await overHttp();
  const share = (wallet.reqPerSec / health.reqPerSec) * 100;
  lines.push(
    "",
    `Over HTTP (production build, IN_PROCESS_WORKERS=0, ${values.connections} connections × ${values.duration} s, varied wallets):`,
    "",
    "| request | req/s | vs health | p50 ms | p99 ms | single p50 ms | non-2xx |",
    "|---|---:|---:|---:|---:|---:|---:|",
    `| health | ${health.reqPerSec.toFixed(0)} | 100% | ${health.p50} | ${health.p99} | ${health.singleP50} | ${health.non2xx} |`,
    `| wallet perks, page 1 | ${wallet.reqPerSec.toFixed(0)} | ${share.toFixed(0)}% | ${wallet.p50} | ${wallet.p99} | ${wallet.singleP50} | ${wallet.non2xx} |`,
  );
}
await node.stop();
const text = lines.join("\n");
console.log(text);
saveReport("wallet-perks-", text);
