import { parseArgs } from "node:util";
import { saveReport } from "./servers";
import { ensureSeeded, runScript, type Store } from "./stores";

/**
 * Wallet eligibility at scale: a store of `--count` collections whose contracts are all synced
 * (index rows inserted directly, as a sync leaves them), `--wallets` wallets each holding tokens
 * of `--held` collections, and GET /api-gateway/wallets/{address}/perks answered for them in turn
 * through the route's handler, in-process. The server is not started: its sync worker would
 * check every contract against an RPC and overwrite rows no chain backs. Reported, never asserted;
 * the target is p50 < 50 ms at 100,000 collections (DESIGN.md, "Holders"; docs/performance.md).
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
// Every chain of the table has an RPC as far as eligibility can tell; nothing is ever asked of it.
for (const chain of ["ETHEREUM", "POLYGON", "BASE", "ARBITRUM", "OPTIMISM", "AVALANCHE"])
  process.env[`CHAIN_RPC_${chain}`] = "http://127.0.0.1:9";
process.env.RATE_LIMIT_SEARCH_PER_MINUTE = "1000000";
if (values["search-cache-ms"] !== undefined) process.env.SEARCH_CACHE_MS = values["search-cache-ms"];
const figures = JSON.parse(
  runScript(store, "bench/wallet-perks-probe.ts", [values.wallets!, values.held!, values.samples!]).trim().split("\n").at(-1)!,
);

const row = (name: string, line: { p50: number; p90: number; numPages?: number }) =>
  `| ${name} | ${line.p50} | ${line.p90} | ${line.numPages ?? ""} |`;
const text = [
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
].join("\n");
console.log(text);
saveReport("wallet-perks-", text);
