import os from "node:os";
import { parseArgs } from "node:util";
import { cannon, measure, type Request } from "./measure";
import { ownCollections } from "./mix";
import { collectionBody, pick } from "@/lib/traffic/write-bodies";
import { deploymentsOf, runDeployments, startDeployment, type Deployment, type Outcome } from "./deployments";
import { prepareRun, saveReport } from "./servers";
import { ensureSeeded, storeFacts, storeFor, type Store, type StoreFacts } from "./stores";

// A partner's saves while the public searches (docs/performance.md, "Writes beside searches"):
// `--writers` connections each editing one of the key's collections after another while
// `--searchers` connections run the bench's varied searches, closed loop, both for `--seconds`;
// the edits alone first, for comparison. Issue #47's target: ≥ 50 edits/s from 5 writers beside
// 45 searching connections on the 100,000-collection PostgreSQL store.
const { values } = parseArgs({
  options: {
    store: { type: "string", default: "postgres" },
    count: { type: "string" },
    seconds: { type: "string", default: "20" },
    writers: { type: "string", default: "5" },
    searchers: { type: "string", default: "45" },
    rounds: { type: "string", default: "1" },
    deployments: { type: "string", default: "in-process" },
    port: { type: "string", default: "4420" },
    "skip-build": { type: "boolean", default: false },
  },
});
const storeName = values.store as Store["name"];
const count = Number(values.count ?? (storeName === "pglite" ? 10_000 : 100_000));
const seconds = Number(values.seconds);
const writers = Number(values.writers);
const searchers = Number(values.searchers);
const rounds = Number(values.rounds);
const TARGET_WRITES_PER_SECOND = 50;

type Result = Awaited<ReturnType<typeof cannon>>;
const row = (name: string, result: Result, connections: number) =>
  `| ${name} | ${connections} | ${result.requests.average.toFixed(1)} | ${result.latency.p50} | ${result.latency.p99} | ${result.non2xx + result.errors} |`;

async function bench(store: Store, deployment: Deployment, { key, varied, known }: StoreFacts): Promise<Outcome> {
  const label = `[${deployment}]`;
  const server = await startDeployment(deployment, Number(values.port), store.env);
  const headers = { authorization: `Bearer ${key}` };
  try {
    const ownIds = await ownCollections(server.url, headers, 200, known);
    // No Version: an edit of a collection another writer just saved is not refused.
    const edit = (): Request => ({
      method: "POST",
      path: "/api-gateway/create",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ nftData: { ...collectionBody("Beside"), PlatformNFTId: pick(ownIds) } }),
    });
    const search = (): Request => ({ path: varied(), headers });
    const health = (await measure(server.url, () => ({ path: "/api/health" }), { connections: 50, durationSeconds: 10 })).reqPerSec;
    console.error(`  ${label} health ${health.toFixed(0)} req/s; edits alone for ${seconds} s`);
    const alone = await cannon(server.url, edit, writers, seconds);
    // Rounds on one server tell a run's own spread from a server's: two runs of one build have
    // differed by a factor of 2.7 on a 2-core machine (docs/performance.md).
    const besides: { writes: Result; searches: Result }[] = [];
    for (let round = 1; round <= rounds; round += 1) {
      console.error(`  ${label} edits beside ${searchers} searching connections for ${seconds} s (round ${round} of ${rounds})`);
      const [writes, searches] = await Promise.all([
        cannon(server.url, edit, writers, seconds),
        cannon(server.url, search, searchers, seconds),
      ]);
      console.error(
        `  ${label} round ${round}: ${writes.requests.average.toFixed(1)} edits/s beside ${searches.requests.average.toFixed(0)} searches/s`,
      );
      besides.push({ writes, searches });
    }
    const unexpected = [alone, ...besides.flatMap((beside) => [beside.writes, beside.searches])].reduce(
      (sum, result) => sum + result.non2xx + result.errors,
      0,
    );
    // The median round is judged (the one just below the middle for an even count).
    const { writes: besideWrites, searches: besideSearches } = [...besides].sort(
      (a, b) => a.writes.requests.average - b.writes.requests.average,
    )[Math.floor((besides.length - 1) / 2)]!;
    const rate = besideWrites.requests.average;
    const met = rate >= TARGET_WRITES_PER_SECOND;
    const text = [
      `Writes beside searches: ${store.name}, ${count} collections, ${label}, Node ${process.version}, ${new Date().toISOString()}, load average ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(", ")}`,
      `Health route: ${health.toFixed(0)} req/s (50 connections); each row ${seconds} s, closed loop`,
      "| line | connections | req/s | p50 ms | p99 ms | non-2xx or errors |",
      "|---|---:|---:|---:|---:|---:|",
      row("edits alone", alone, writers),
      ...besides.flatMap((beside, index) => {
        const round = rounds > 1 ? ` (round ${index + 1})` : "";
        return [
          row(`edits beside searches${round}`, beside.writes, writers),
          row(`varied searches beside edits${round}`, beside.searches, searchers),
        ];
      }),
      `Target: ≥ ${TARGET_WRITES_PER_SECOND} edits/s from ${writers} writers beside ${searchers} searching connections${rounds > 1 ? ` (the median of ${rounds} rounds)` : ""}: ${rate.toFixed(1)} ${met ? "✓" : "✗"}`,
    ].join("\n");
    const line = `${label} edits ${alone.requests.average.toFixed(1)}/s alone, ${rate.toFixed(1)}/s beside ${besideSearches.requests.average.toFixed(0)} searches/s (p99 ${besideWrites.latency.p99} ms); unexpected answers ${unexpected}`;
    return { text, line, ok: unexpected === 0 };
  } finally {
    await server.stop();
  }
}

prepareRun(values["skip-build"]);
const store = await storeFor(storeName);
ensureSeeded(store, count);
const facts = storeFacts(store);
const { byConfiguration, report, ok } = await runDeployments(deploymentsOf(values.deployments, store), (deployment) =>
  bench(store, deployment, facts),
);
console.log(byConfiguration);
saveReport(`writes-beside-search-${storeName}-`, report);
if (!ok) {
  console.error("Failed: an answer other than 2xx, or a configuration did not run");
  process.exitCode = 1;
}
