import { parseArgs } from "node:util";
import { measure, type Figures, type Request } from "./measure";
import { prepareRun, saveReport, startApp, startBareNode } from "./servers";
import { ensureSeeded, runScript, storeFor, type Store } from "./stores";
import { CATEGORIES } from "@/lib/schemas/categories";

const { values } = parseArgs({
  options: {
    count: { type: "string", default: "100000" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    stores: { type: "string", default: "postgres,pglite" },
    "skip-build": { type: "boolean", default: false },
    /** Measure only the paths whose name contains this text (health is always measured). */
    only: { type: "string", default: "" },
  },
});
const count = Number(values.count);
const options = { connections: Number(values.connections), durationSeconds: Number(values.duration) };
const storeNames = values.stores.split(",") as Store["name"][];

/** Targets from the issue, as a share of the health route's req/s. */
const TARGETS: Record<string, Partial<Record<Store["name"], number>>> = {
  "search: query": { postgres: 0.5, pglite: 0.25 },
  "search: category": { postgres: 0.5, pglite: 0.25 },
  "search: query + category": { postgres: 0.5, pglite: 0.25 },
  "search: neither": { postgres: 0.5, pglite: 0.25 },
  "retrieve by id": { postgres: 0.7 },
  "create (5 perks)": { postgres: 0.4 },
};
const SINGLE_P50_TARGET_MS = 20;
const RSS_TARGET_MB = 400;

const WORDS = ["club", "otters", "genesis", "apes", "society", "legends", "hoodie", "meetup", "airdrop", "staking", "dragons", "guild", "wine", "concert", "land", "pass", "tickets", "vote", "skin", "jersey"];
const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;

function perk(i: number) {
  return { ShortDescription: `Bench perk ${i}`, LongDescription: "Measured under load.", Tags: [pick(CATEGORIES)], Status: "Upcoming", TokensRequired: 1 };
}

function paths(key: string, sampleId: string): [string, () => Request][] {
  const auth = { authorization: `Bearer ${key}` };
  const get = (path: string) => () => ({ path, headers: auth });
  return [
    ["search: query", get("/api-gateway/search?query=club")],
    ["search: category", get("/api-gateway/search?category=Merch")],
    ["search: query + category", get("/api-gateway/search?query=club&category=Events")],
    ["search: neither", get("/api-gateway/search")],
    ["search: varied (mostly uncached)", () => ({
      path: `/api-gateway/search?query=${pick(WORDS)}%20${pick(WORDS).slice(0, 3)}&category=${encodeURIComponent(pick(CATEGORIES))}&pageNum=${1 + Math.floor(Math.random() * 3)}`,
      headers: auth,
    })],
    ["retrieve by id", get(`/api-gateway/collections/${sampleId}`)],
    ["create (5 perks)", () => ({
      method: "POST",
      path: "/api-gateway/create",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ nftData: { Title: `Bench ${pick(WORDS)} collection`, ContractChain: "Base", floorPrice: "notset" }, perkData: [0, 1, 2, 3, 4].map(perk) }),
    })],
  ];
}

type Row = { store: string; path: string; ratio: number; target?: number; rssMb: number } & Figures;

async function benchStore(store: Store, port: number): Promise<{ rows: Row[]; rssMb: number }> {
  ensureSeeded(store, count);
  const key = runScript(store, "bench/store-facts.ts", ["key"]).trim();
  const sampleId = runScript(store, "bench/store-facts.ts", ["sample-id"]).trim();
  const server = await startApp(port, store.env);
  try {
    const idleRssMb = server.peakRssMb();
    const health = await measure(server.url, () => ({ path: "/api/health" }), options);
    const rows: Row[] = [{ store: store.name, path: "health (framework floor)", ratio: 1, rssMb: server.peakRssMb(), ...health }];
    console.error(`  ${store.name} idle RSS ${idleRssMb.toFixed(0)} MB`);
    for (const [name, requests] of paths(key, sampleId).filter(([name]) => name.includes(values.only))) {
      server.resetPeak();
      const figures = await measure(server.url, requests, options);
      const rssMb = server.peakRssMb();
      rows.push({ store: store.name, path: name, ratio: figures.reqPerSec / health.reqPerSec, target: TARGETS[name]?.[store.name], rssMb, ...figures });
      console.error(`  ${store.name} ${name}: ${figures.reqPerSec.toFixed(0)} req/s`);
    }
    return { rows, rssMb: Math.max(...rows.map((row) => row.rssMb)) };
  } finally {
    await server.stop();
  }
}

const fmt = (n: number, digits = 0) => n.toFixed(digits);

function report(rows: Row[], rss: Record<string, number>, bare: Figures) {
  const lines = [
    `Benchmark: ${count} collections, ${options.connections} connections, ${options.durationSeconds} s per path, ${new Date().toISOString()}`,
    `Bare node:http, 2 KB JSON: ${fmt(bare.reqPerSec)} req/s, p50 ${bare.p50} ms, p99 ${bare.p99} ms`,
    "",
    "| store | path | req/s | vs health | target | p50 ms | p99 ms | single p50 ms | non-2xx | peak RSS MB |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map((row) => {
      const met = row.target === undefined ? "" : row.ratio >= row.target ? `≥${fmt(row.target * 100)}% ✓` : `≥${fmt(row.target * 100)}% ✗`;
      return `| ${row.store} | ${row.path} | ${fmt(row.reqPerSec)} | ${fmt(row.ratio * 100)}% | ${met} | ${row.p50} | ${row.p99} | ${row.singleP50} | ${row.non2xx + row.errors} | ${fmt(row.rssMb)} |`;
    }),
    "",
    ...Object.entries(rss).map(([store, mb]) => `Peak server RSS (${store}): ${fmt(mb)} MB (target < ${RSS_TARGET_MB} MB) ${mb < RSS_TARGET_MB ? "✓" : "✗"}`),
    `Single-request p50 target for search on PostgreSQL: < ${SINGLE_P50_TARGET_MS} ms`,
  ];
  return lines.join("\n");
}

prepareRun(values["skip-build"]);
const bareServer = await startBareNode(4199);
const bare = await measure(bareServer.url, () => ({ path: "/" }), options);
await bareServer.stop();

const rows: Row[] = [];
const rss: Record<string, number> = {};
for (const [index, name] of storeNames.entries()) {
  const result = await benchStore(await storeFor(name), 4200 + index);
  rows.push(...result.rows);
  rss[name] = result.rssMb;
}
const text = report(rows, rss, bare);
console.log(text);
saveReport("", text);
