import { parseArgs } from "node:util";
import { measure, type Figures, type Request } from "./measure";
import { prepareRun, saveReport, startApp, startBareNode } from "./servers";
import { variedSearches, type StoreWords } from "./search-queries";
import { ensureSeeded, runScript, storeFor, type Store } from "./stores";
import { collectionBody, perkBody } from "@/lib/traffic/write-bodies";
import { CITIES } from "../scripts/seed/cities";

const { values } = parseArgs({
  options: {
    count: { type: "string", default: "100000" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    stores: { type: "string", default: "postgres,pglite" },
    "skip-build": { type: "boolean", default: false },
    /** Measure only the paths whose name contains this text, or one of these comma-separated texts (health is always measured). */
    only: { type: "string", default: "" },
    /** First port: bare node on it, each store's server on the next ones. */
    port: { type: "string", default: "4199" },
    /** Serve with plain `next start` instead of server.mjs, to measure what the custom server costs. */
    "plain-next": { type: "boolean", default: false },
    /** SEARCH_CACHE_MS of the measured server: 0 makes every search reach the database. */
    "search-cache-ms": { type: "string" },
  },
});
const basePort = Number(values.port);
const count = Number(values.count);
const options = { connections: Number(values.connections), durationSeconds: Number(values.duration) };
const storeNames = values.stores.split(",") as Store["name"][];

/** Targets, as a share of the health route's req/s in the same run. */
const TARGETS: Record<string, Partial<Record<Store["name"], number>>> = {
  "search: query": { postgres: 0.5, pglite: 0.25 },
  "search: category": { postgres: 0.5, pglite: 0.25 },
  "search: query + category": { postgres: 0.5, pglite: 0.25 },
  "search: neither": { postgres: 0.5, pglite: 0.25 },
  "search: varied": { postgres: count >= 1_000_000 ? 0.15 : 0.3, pglite: 0.15 },
  "search: varied + facets": { postgres: 0.25 },
  "retrieve by id (varied)": { postgres: 0.7 },
  "create (5 perks)": { postgres: 0.4 },
  "perks: near a point (varied)": { postgres: 0.25 },
};

const RADII_KM = [5, 25, 50, 100, 250];

/**
 * A different point every time (never a cache hit): half around the seeded cities, where perks
 * cluster, half anywhere on Earth, mostly empty ocean; radii from a street to a region.
 */
function variedNear(): string {
  const city = CITIES[Math.floor(Math.random() * CITIES.length)]!;
  const [lat, long] =
    Math.random() < 0.5
      ? [city.lat + (Math.random() - 0.5) * 0.5, city.long + (Math.random() - 0.5) * 0.5]
      : [Math.random() * 140 - 60, Math.random() * 360 - 180];
  const clampedLong = ((long + 540) % 360) - 180;
  const radius = RADII_KM[Math.floor(Math.random() * RADII_KM.length)]!;
  return `/api-gateway/perks?near=${lat.toFixed(5)},${clampedLong.toFixed(5)}&radiusKm=${radius}`;
}
const SINGLE_P50_TARGET_MS = 20;
/** A single uncached broad query (a word in a quarter of all titles) at 1,000,000 collections. */
const BROAD_UNCACHED_P50_TARGET_MS = 150;
const RSS_TARGET_MB = 400;

function paths(key: string, sampleId: string, sampleIds: string[], varied: () => string): [string, () => Request][] {
  const auth = { authorization: `Bearer ${key}` };
  const get = (path: string) => () => ({ path, headers: auth });
  return [
    ["search: query", get("/api-gateway/search?query=club")],
    ["search: category", get("/api-gateway/search?category=Merch")],
    ["search: query + category", get("/api-gateway/search?query=club&category=Events")],
    ["search: neither", get("/api-gateway/search")],
    // Without text the default order puts verified collections first (decision 062); newest alone
    // is the order it replaced, so the two lines side by side are its cost.
    ["search: neither, sort=newest", get("/api-gateway/search?sort=newest")],
    ["search: verified=1", get("/api-gateway/search?verified=1")],
    ["search: query + verified=1", get("/api-gateway/search?query=club&verified=1")],
    ["search: varied", () => ({ path: varied(), headers: auth })],
    // The same searches with both facets counted; measure uncached with --search-cache-ms 0.
    ["search: varied + facets", () => ({ path: `${varied()}&facets=category,chain`, headers: auth })],
    // One id is read from the database once, then from the snapshot-keyed cache: the cache's line.
    ["retrieve by id (one id)", get(`/api-gateway/collections/${sampleId}`)],
    // A different collection each time, as callers read them: the database's line.
    [
      "retrieve by id (varied)",
      () => ({ path: `/api-gateway/collections/${sampleIds[Math.floor(Math.random() * sampleIds.length)]}`, headers: auth }),
    ],
    ["perks: near a point (varied)", () => ({ path: variedNear(), headers: auth })],
    [
      "create (5 perks)",
      () => ({
        method: "POST",
        path: "/api-gateway/create",
        headers: { ...auth, "content-type": "application/json" },
        body: JSON.stringify({
          nftData: collectionBody("Bench", 1),
          perkData: Array.from({ length: 5 }, () => perkBody("Bench")),
        }),
      }),
    ],
  ];
}

type Row = { store: string; path: string; ratio: number; target?: number; rssMb: number } & Figures;

async function uncachedBroadP50(url: string, key: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 30; i += 1) {
    const started = performance.now();
    // A distinct page of the broad word each time: no cache entry, same work.
    const response = await fetch(`${url}/api-gateway/search?query=club&pageNum=${1 + i * 3}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return Math.round(times[Math.floor(times.length / 2)]!);
}

async function benchStore(store: Store, port: number): Promise<{ rows: Row[]; rssMb: number; broadP50: number }> {
  ensureSeeded(store, count);
  const key = runScript(store, "bench/store-facts.ts", ["key"]).trim();
  const sampleId = runScript(store, "bench/store-facts.ts", ["sample-id"]).trim();
  const sampleIds = JSON.parse(runScript(store, "bench/store-facts.ts", ["sample-ids"])) as string[];
  const varied = variedSearches(JSON.parse(runScript(store, "bench/store-facts.ts", ["words"])) as StoreWords);
  const cache: Record<string, string> = values["search-cache-ms"] === undefined ? {} : { SEARCH_CACHE_MS: values["search-cache-ms"] };
  const server = await startApp(port, { ...store.env, ...cache }, { plainNext: values["plain-next"] });
  try {
    const idleRssMb = server.peakRssMb();
    const health = await measure(server.url, () => ({ path: "/api/health" }), options);
    const rows: Row[] = [{ store: store.name, path: "health (framework floor)", ratio: 1, rssMb: server.peakRssMb(), ...health }];
    console.error(`  ${store.name} idle RSS ${idleRssMb.toFixed(0)} MB`);
    for (const [name, requests] of paths(key, sampleId, sampleIds, varied).filter(([name]) =>
      values.only.split(",").some((part) => name.includes(part)),
    )) {
      server.resetPeak();
      const figures = await measure(server.url, requests, options);
      const rssMb = server.peakRssMb();
      rows.push({
        store: store.name,
        path: name,
        ratio: figures.reqPerSec / health.reqPerSec,
        target: TARGETS[name]?.[store.name],
        rssMb,
        ...figures,
      });
      console.error(`  ${store.name} ${name}: ${figures.reqPerSec.toFixed(0)} req/s`);
    }
    // One broad query never asked before, one at a time: "club" ends a quarter of all titles, and
    // each request adds a different second word, so the search cache never answers it.
    const broad = await uncachedBroadP50(server.url, key);
    console.error(`  ${store.name} single uncached broad query p50: ${broad} ms`);
    return { rows, rssMb: Math.max(...rows.map((row) => row.rssMb)), broadP50: broad };
  } finally {
    await server.stop();
  }
}

const fmt = (n: number, digits = 0) => n.toFixed(digits);

function report(rows: Row[], rss: Record<string, number>, bare: Figures, broad: Record<string, number>) {
  const lines = [
    `Benchmark: ${count} collections, ${options.connections} connections, ${options.durationSeconds} s per path, Node ${process.version}, ${new Date().toISOString()}`,
    `Bare node:http, 2 KB JSON: ${fmt(bare.reqPerSec)} req/s, p50 ${bare.p50} ms, p99 ${bare.p99} ms`,
    `Searches on PostgreSQL read from: ${process.env.DATABASE_READ_URL ? `the replica ${process.env.DATABASE_READ_URL} (DATABASE_READ_URL)` : "the primary"}`,
    `Search cache: ${values["search-cache-ms"] === undefined ? "SEARCH_CACHE_MS default (500 ms)" : `SEARCH_CACHE_MS=${values["search-cache-ms"]}`}`,
    "",
    "| store | path | req/s | vs health | target | p50 ms | p99 ms | single p50 ms | non-2xx | peak RSS MB |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map((row) => {
      const met = row.target === undefined ? "" : row.ratio >= row.target ? `≥${fmt(row.target * 100)}% ✓` : `≥${fmt(row.target * 100)}% ✗`;
      return `| ${row.store} | ${row.path} | ${fmt(row.reqPerSec)} | ${fmt(row.ratio * 100)}% | ${met} | ${row.p50} | ${row.p99} | ${row.singleP50} | ${row.non2xx + row.errors} | ${fmt(row.rssMb)} |`;
    }),
    "",
    ...Object.entries(rss).map(
      ([store, mb]) => `Peak server RSS (${store}): ${fmt(mb)} MB (target < ${RSS_TARGET_MB} MB) ${mb < RSS_TARGET_MB ? "✓" : "✗"}`,
    ),
    `Single-request p50 target for search on PostgreSQL: < ${SINGLE_P50_TARGET_MS} ms`,
    ...Object.entries(broad).map(
      ([store, ms]) =>
        `Single uncached broad query ("club", distinct pages) p50 (${store}): ${ms} ms${count >= 1_000_000 ? ` (target < ${BROAD_UNCACHED_P50_TARGET_MS} ms at 1,000,000) ${ms < BROAD_UNCACHED_P50_TARGET_MS ? "✓" : "✗"}` : ""}`,
    ),
  ];
  return lines.join("\n");
}

prepareRun(values["skip-build"]);
const bareServer = await startBareNode(basePort);
const bare = await measure(bareServer.url, () => ({ path: "/" }), options);
await bareServer.stop();

const rows: Row[] = [];
const rss: Record<string, number> = {};
const broad: Record<string, number> = {};
for (const [index, name] of storeNames.entries()) {
  const result = await benchStore(await storeFor(name), basePort + 1 + index);
  rows.push(...result.rows);
  rss[name] = result.rssMb;
  broad[name] = result.broadP50;
}
const text = report(rows, rss, bare, broad);
console.log(text);
saveReport("", text);
