import os from "node:os";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { CATEGORIES } from "@/lib/schemas/category-list";
import { startNginxCache } from "../scripts/nginx-cache";
import { prepareRun, saveReport, startApp } from "./servers";
import { ownCollections } from "./mix";
import { ensureSeeded, runScript, storeFacts, storeFor, type Store } from "./stores";
import { collectionBody } from "@/lib/traffic/write-bodies";

/*
 * Each public page kind at 20 connections over varied URLs, at the origin (the production server
 * as deployed, keeping pages: docs/decisions/094), at a second origin that renders every view
 * (`PAGE_KEEP_MS=0`: what a miss costs) and through the repository's nginx cache in front of the
 * first (deploy/nginx/uds-cache.conf), as req/s
 * divided by the health route's in the same run (on a shared machine only ratios compare), with
 * p50/p99 and the share of answers that were hits (nginx's `X-Cache-Status`, the origin's
 * `X-Origin-Cache`). Every request asks for
 * compressed answers, as browsers do.
 *
 *   npm run bench:pages -- [--store pglite|postgres] [--count 2000] [--duration 10] [--connections 20]
 *                          [--variety 200] [--edits 5] [--port 3431] [--skip-build]
 *
 * `--edits` adds rows of the browser's and collection pages at the origin while that many edits a
 * second go through the API on a timetable: a commit ends a kept search page once its answers'
 * freshness has passed, and a collection page when it is the one edited, so the rows show the
 * hits under writes.
 *
 * `--variety` is how many distinct URLs of each kind the run cycles through: a popular page is asked
 * for again and again, so the cache sees the same URL more than once within its s-maxage.
 */
const { values } = parseArgs({
  options: {
    store: { type: "string", default: "pglite" },
    count: { type: "string", default: "2000" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "20" },
    variety: { type: "string", default: "20" },
    edits: { type: "string", default: "5" },
    port: { type: "string", default: "3431" },
    "skip-build": { type: "boolean", default: false },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const variety = Number(values.variety);
const editsPerSecond = Number(values.edits);
const port = Number(values.port);

prepareRun(values["skip-build"]);
const store: Store = await storeFor(values.store as Store["name"]);
ensureSeeded(store, Number(values.count));
const ids = (JSON.parse(runScript(store, "bench/store-facts.ts", ["sample-ids"])) as string[]).slice(0, variety);
const words = (JSON.parse(runScript(store, "bench/store-facts.ts", ["words"])) as { title: { word: string }[] }).title
  .slice(0, variety)
  .map((entry) => entry.word);

const facts = editsPerSecond > 0 ? storeFacts(store) : null;

const pick = <T>(list: readonly T[], i: number) => list[i % list.length]!;
const KINDS: { name: string; path: (i: number) => string }[] = [
  {
    name: "home (`/?category=…&page=…`, `/?query=…`)",
    path: (i) =>
      i % 2 ? `/?category=${encodeURIComponent(pick(CATEGORIES, i))}&page=${1 + (i % 5)}` : `/?query=${encodeURIComponent(pick(words, i))}`,
  },
  {
    name: "`/perks?category=…[&pageNum=…]`",
    path: (i) => `/perks?category=${encodeURIComponent(pick(CATEGORIES, i))}${i % 3 ? `&pageNum=${1 + (i % 4)}` : ""}`,
  },
  { name: "collection (`/collections/{id}`)", path: (i) => `/collections/${pick(ids, i)}` },
  { name: "`/docs`", path: () => "/docs" },
];

/**
 * Edits of the key's own collections, `perSecond` on a timetable (each sent when due, not when the
 * last was answered) until `stop` is called; resolves to the statuses that were not 2xx.
 */
function editOnTimetable(url: string, ids: string[], perSecond: number) {
  const headers = { authorization: `Bearer ${facts!.key}`, "content-type": "application/json" };
  const sent: Promise<number>[] = [];
  let n = 0;
  const timer = setInterval(() => {
    const id = ids[n++ % ids.length]!;
    sent.push(
      fetch(`${url}/api-gateway/create`, {
        method: "POST",
        headers,
        body: JSON.stringify({ nftData: { ...collectionBody("Pages"), PlatformNFTId: id } }),
      }).then(
        async (answer) => (await answer.arrayBuffer(), answer.status),
        () => 0,
      ),
    );
  }, 1000 / perSecond);
  return {
    stop: async () => {
      clearInterval(timer);
      const statuses = await Promise.all(sent);
      return { edits: statuses.length, failed: statuses.filter((status) => status < 200 || status > 299) };
    },
  };
}

/** `passedOn`/`keptBehind`: through nginx, its misses and how many of them the origin answered from a kept copy. */
type Row = {
  reqPerSec: number;
  p50: number;
  p99: number;
  hits: number;
  answers: number;
  passedOn: number;
  keptBehind: number;
  other: string;
};

async function run(url: string, path: (i: number) => string): Promise<Row> {
  let n = 0;
  let hits = 0;
  let answers = 0;
  let passedOn = 0;
  let keptBehind = 0;
  const statuses = new Map<number, number>();
  const result = await autocannon({
    url,
    connections,
    duration,
    // As a browser asks: compressed answers are what a cache keeps and sends.
    // One host name at the origin and through nginx (which passes it on), as a deployment's visitors
    // use one: the origin keeps pages by host and URL, so nginx's misses find the origin's copies.
    headers: { "accept-encoding": "gzip, deflate, br", host: `127.0.0.1:${port}` },
    requests: [
      {
        // A URL out of `variety`, in a shuffled order the same in both places.
        setupRequest: (request) => ({ ...request, path: path((n++ * 7919) % variety) }),
        onResponse: (status, _body, _context, headers) => {
          answers += 1;
          if (status !== 200) statuses.set(status, (statuses.get(status) ?? 0) + 1);
          // Header names as nginx spelled them; a hit at nginx is not asked at the origin.
          const named = (wanted: string) => Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === wanted)?.[1];
          const proxied = named("x-cache-status");
          const cache = proxied ?? named("x-origin-cache");
          if (cache === "HIT" || cache === "hit") hits += 1;
          else if (proxied) {
            passedOn += 1;
            if (named("x-origin-cache") === "hit") keptBehind += 1;
          }
        },
      },
    ],
  });
  const other = [...statuses].map(([status, count]) => `${count} × ${status}`);
  if (result.timeouts) other.push(`${result.timeouts} timeouts`);
  return {
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    hits,
    answers,
    passedOn,
    keptBehind,
    other: other.join(", ") || "–",
  };
}

const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(" / ");
const loadBefore = load();
/** Rows per page kind, from each server in turn (one PGlite folder opens in one process at a time). */
const rows = new Map<string, string[]>(KINDS.map((kind) => [kind.name, []]));
const healthLines: string[] = [];
for (const phase of [
  { where: "origin", env: store.env, nginx: true },
  { where: "origin, each view rendered", env: { ...store.env, PAGE_KEEP_MS: "0" }, nginx: false },
]) {
  const app = await startApp(port, phase.env);
  const nginx = phase.nginx ? await startNginxCache(port + 1, `127.0.0.1:${port}`) : null;
  try {
    // Warm-up: JIT, the server's caches, nginx's connections.
    await run(app.url, () => "/api/health");
    const health = await run(app.url, () => "/api/health");
    healthLines.push(`health route, ${phase.where}: ${Math.round(health.reqPerSec)} req/s, p50/p99 ${health.p50}/${health.p99} ms`);
    for (const kind of KINDS) {
      // At the origin the URLs are asked for twice: the first pass meets each URL first (more URLs
      // than the server renders in one pass are each seen once), the second what a steady stream
      // of views meets; then through nginx, whose misses reach the origin's kept copies.
      const passes = phase.nginx
        ? [
            [phase.where, app.url],
            [`${phase.where}, again`, app.url],
            ["nginx", nginx!.url],
          ]
        : [[phase.where, app.url]];
      for (const [where, base] of passes as [string, string][]) {
        const row = await run(base, kind.path);
        const share = (part: number, whole: number) => `${Math.round((100 * part) / Math.max(1, whole))}%`;
        const hitShare =
          share(row.hits, row.answers) +
          (row.passedOn > 0 ? ` (of its misses, kept at the origin: ${share(row.keptBehind, row.passedOn)})` : "");
        const line = `| ${kind.name} | ${where} | ${Math.round(row.reqPerSec)} | ${(row.reqPerSec / health.reqPerSec).toFixed(3)} | ${row.p50} / ${row.p99} | ${hitShare} | ${row.other} |`;
        rows.get(kind.name)!.push(line);
        console.error(line);
      }
    }
    if (facts && phase.nginx) {
      const own = await ownCollections(app.url, { authorization: `Bearer ${facts.key}` }, 10, facts.known);
      const home = KINDS.find((candidate) => candidate.name.startsWith("home"))!;
      const collection = KINDS.find((candidate) => candidate.name.startsWith("collection"))!;
      // Beside the edits: the varied URLs of a search page (every commit ends what its answers
      // were exact for) and of collection pages, then one page that everyone opens (a shared link).
      for (const [kind, shape, path] of [
        [home, `${variety} URLs`, home.path],
        [collection, `${variety} URLs`, collection.path],
        [collection, "one URL", () => collection.path(0)],
      ] as const) {
        const editing = editOnTimetable(app.url, own, editsPerSecond);
        const row = await run(app.url, path);
        const { edits, failed } = await editing.stop();
        if (failed.length > 0) throw new Error(`edits beside the pages failed: ${failed.join(", ")}`);
        const line = `| ${kind.name} | ${phase.where}, ${shape}, beside ${editsPerSecond} edits/s (${edits} sent) | ${Math.round(row.reqPerSec)} | ${(row.reqPerSec / health.reqPerSec).toFixed(3)} | ${row.p50} / ${row.p99} | ${Math.round((100 * row.hits) / Math.max(1, row.answers))}% | ${row.other} |`;
        rows.get(kind.name)!.push(line);
        console.error(line);
      }
    }
  } finally {
    await nginx?.stop();
    await app.stop();
  }
}
const lines = [
  `${store.name}, ${values.count} collections, ${connections} connections, ${duration} s per row, ${variety} URLs per kind; load average ${loadBefore} (1/5/15 min)`,
  "",
  ...healthLines,
  "",
  "| page kind | where | req/s | ÷ health | p50 / p99 ms | hits | other answers |",
  "|---|---|---:|---:|---|---:|---|",
  ...KINDS.flatMap((kind) => rows.get(kind.name)!),
  "",
  `load average after: ${load()}`,
];
const report = lines.join("\n");
console.log(report);
saveReport("pages-", report);
