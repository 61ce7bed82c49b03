import os from "node:os";
import { parseArgs } from "node:util";
import { measure } from "./measure";
import { expected, nextRequest, type MixKind } from "@/lib/traffic/mix";
import { ownCollections } from "./mix";
import { openLoop, percentile, type Sample } from "./open-loop";
import { DEPLOYMENTS, deploymentsOf, runDeployments, startDeployment, type Deployment, type Outcome } from "./deployments";
import { prepareRun, saveReport } from "./servers";
import { ensureSeeded, storeFacts, storeFor, type Store, type StoreFacts } from "./stores";

// Latency as users feel it: the soak's mix offered open-loop (docs/performance.md, "Latency").
const { values } = parseArgs({
  options: {
    store: { type: "string", default: "postgres" },
    /** Collections in the store: 100,000 on PostgreSQL and 10,000 on PGlite unless told. */
    count: { type: "string" },
    seconds: { type: "string", default: "30" },
    /** The offered rate as a share of the health route's req/s measured in the same run. */
    share: { type: "string", default: "0.15" },
    /** A fixed offered rate (req/s) instead of the share of health. */
    rate: { type: "string" },
    port: { type: "string", default: "4400" },
    "skip-build": { type: "boolean", default: false },
    /** Then search for the highest offered rate whose p99 stays within the PostgreSQL target. */
    knee: { type: "boolean", default: false },
    "knee-seconds": { type: "string", default: "20" },
    /** Offer the traffic as soon as the health route answers, not /api/ready: a fresh instance (needs --rate). */
    cold: { type: "boolean", default: false },
    /** Exit non-zero when a target is missed, not only when a request errors. */
    strict: { type: "boolean", default: false },
    /** The configurations measured, one after the other (worker-process on PostgreSQL only). */
    deployments: { type: "string", default: "in-process,worker-process" },
    /** Also report p50 and p99 by this many seconds of the run (a cold run always has 5 s windows): where the tail sits in time. */
    windows: { type: "string" },
  },
});
const storeName = values.store as Store["name"];
const count = Number(values.count ?? (storeName === "pglite" ? 10_000 : 100_000));
const seconds = Number(values.seconds);
const TARGETS = storeName === "postgres" ? { p50: 30, p99: 300 } : { p99: 500 };
/** The knee is where p99 leaves this. */
const KNEE_P99_MS = 300;
const KINDS: MixKind[] = ["search", "retrieve", "create", "edit", "stale edit"];

type Run = { rate: number; samples: Sample<MixKind>[] };

const failed = (sample: Sample<MixKind>) => !expected(sample.kind, sample.status);
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(", ");

function summary(run: Run) {
  const latencies = run.samples.map((sample) => sample.latencyMs);
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors: run.samples.filter(failed).length,
  };
}

function table(run: Run): string[] {
  const row = (name: string, samples: Sample<MixKind>[]) => {
    const latencies = samples.map((sample) => sample.latencyMs);
    const ms = (p: number) => percentile(latencies, p).toFixed(1);
    return `| ${name} | ${samples.length} | ${ms(50)} | ${ms(90)} | ${ms(99)} | ${ms(100)} | ${samples.filter(failed).length} |`;
  };
  return [
    "| kind | requests | p50 ms | p90 ms | p99 ms | max ms | errors |",
    "|---|---:|---:|---:|---:|---:|---:|",
    row("all", run.samples),
    ...KINDS.map((kind) =>
      row(
        kind,
        run.samples.filter((sample) => sample.kind === kind),
      ),
    ),
  ];
}

/**
 * p50 and p99 of each `width` seconds of the run: how a fresh instance's first seconds compare
 * with the rest, or whether the tail comes in bursts (and how far apart).
 */
function windows(run: Run, width: number): string[] {
  const lines = ["| seconds | requests | p50 ms | p99 ms | max ms | errors |", "|---|---:|---:|---:|---:|---:|"];
  for (let from = 0; from < seconds; from += width) {
    const samples = run.samples.filter((sample) => sample.dueMs >= from * 1000 && sample.dueMs < (from + width) * 1000);
    const latencies = samples.map((sample) => sample.latencyMs);
    const ms = (p: number) => percentile(latencies, p).toFixed(1);
    lines.push(`| ${from}–${from + width} | ${samples.length} | ${ms(50)} | ${ms(99)} | ${ms(100)} | ${samples.filter(failed).length} |`);
  }
  return lines;
}

/** Offered rates up by a quarter while p99 holds, then halving the gap between the last that held and the first that did not. */
async function findKnee(
  offer: (rate: number, seconds: number) => Promise<Run>,
  from: number,
  label: string,
): Promise<{ knee: number; lines: string[] }> {
  const lines = ["| offered req/s | p50 ms | p99 ms | errors | load average |", "|---:|---:|---:|---:|---|"];
  const step = async (rate: number) => {
    const result = summary(await offer(rate, Number(values["knee-seconds"])));
    lines.push(`| ${rate.toFixed(0)} | ${result.p50.toFixed(1)} | ${result.p99.toFixed(1)} | ${result.errors} | ${load()} |`);
    console.error(`  ${label} knee step ${rate.toFixed(0)} req/s: p99 ${result.p99.toFixed(1)} ms, errors ${result.errors}`);
    return result.p99 <= KNEE_P99_MS && result.errors === 0;
  };
  let held = 0;
  let broke = 0;
  for (let rate = from; rate < 20 * from; rate *= 1.25) {
    if (!(await step(rate))) {
      broke = rate;
      break;
    }
    held = rate;
  }
  if (broke === 0) return { knee: held, lines };
  for (let round = 0; round < 3 && broke - held > 2; round += 1) {
    const middle = (held + broke) / 2;
    if (await step(middle)) held = middle;
    else broke = middle;
  }
  return { knee: held, lines };
}

/** The store seeded, and what every configuration's run reads of it (read while no server holds PGlite). */
function prepare(store: Store): StoreFacts {
  ensureSeeded(store, count);
  const facts = storeFacts(store);
  if (values.cold && (values.rate === undefined || facts.known.length === 0))
    throw new Error("--cold needs --rate and collections from an earlier warm run (measuring health would warm the server)");
  return facts;
}

/** One configuration's run: its report, whether it passed, and its one-line summary. */
async function bench(store: Store, deployment: Deployment, { key, varied, known }: StoreFacts): Promise<Outcome> {
  const headers = { authorization: `Bearer ${key}` };
  const label = `[${deployment}]`;
  const startedAt = performance.now();
  const server = await startDeployment(deployment, Number(values.port), store.env, {
    readyPath: values.cold ? "/api/health" : "/api/ready",
  });
  const startSeconds = (performance.now() - startedAt) / 1000;
  try {
    const ownIds = values.cold ? known : await ownCollections(server.url, headers, 200, known);
    let healthRate = 0;
    if (!values.cold) {
      healthRate = (await measure(server.url, () => ({ path: "/api/health" }), { connections: 50, durationSeconds: 10 })).reqPerSec;
      console.error(`  ${label} health: ${healthRate.toFixed(0)} req/s (load average ${load()})`);
    }
    const rate = values.rate === undefined ? Number(values.share) * healthRate : Number(values.rate);
    const offer = async (offered: number, duration: number): Promise<Run> => ({
      rate: offered,
      samples: await openLoop(server.url, offered, duration, () => ({ ...nextRequest(ownIds, varied), headers })),
    });
    const run = await offer(rate, seconds);
    const loadDuring = load();
    const result = summary(run);
    console.error(
      `  ${label} offered ${rate.toFixed(0)} req/s: p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, errors ${result.errors}`,
    );
    const lags = run.samples.map((sample) => sample.lagMs);
    const met = (name: keyof typeof TARGETS, value: number) =>
      TARGETS[name] === undefined
        ? []
        : [`${name} ${value.toFixed(1)} ms (target ≤ ${TARGETS[name]}) ${value <= TARGETS[name]! ? "✓" : "✗"}`];
    const checks = [
      ...met("p50", result.p50),
      ...met("p99", result.p99),
      `errors ${result.errors} (target 0) ${result.errors === 0 ? "✓" : "✗"}`,
    ];
    const knee = values.knee ? await findKnee(offer, Math.max(rate, 1), label) : null;
    const samples = run.samples.filter(failed).slice(0, 5);
    const text = [
      `Latency (open loop): ${store.name}, ${count} collections, ${label} ${DEPLOYMENTS[deployment]}, Node ${process.version}, ${new Date().toISOString()}${values.cold ? ", cold: traffic from the first answer of /api/health" : ""}`,
      `Mix: the soak's (80% varied search, 10% retrieval, 5% create, 4% edit, 1% stale edit answered 409), each latency from when the request was due`,
      values.cold
        ? `Offered ${rate.toFixed(0)} req/s for ${seconds} s, from ${startSeconds.toFixed(1)} s after the start`
        : `Health route: ${healthRate.toFixed(0)} req/s (50 connections); offered ${rate.toFixed(0)} req/s (${values.rate === undefined ? `${values.share} of health` : "fixed"}) for ${seconds} s; ready ${startSeconds.toFixed(1)} s after the start`,
      `Answered: ${(run.samples.length / seconds).toFixed(0)} req/s; generator lag p99 ${percentile(lags, 99).toFixed(1)} ms, max ${percentile(lags, 100).toFixed(1)} ms; load average during the run ${loadDuring}`,
      "",
      ...table(run),
      "",
      ...(values.cold || values.windows
        ? [`By ${values.windows ?? 5} s of the run:`, "", ...windows(run, Number(values.windows ?? 5)), ""]
        : []),
      `Targets (${store.name}): ${checks.join("; ")}`,
      ...(knee
        ? [
            "",
            `Knee: the highest offered rate with p99 ≤ ${KNEE_P99_MS} ms and no errors: ${knee.knee.toFixed(0)} req/s`,
            "",
            ...knee.lines,
          ]
        : []),
      ...(samples.length ? ["", "First failed requests:", ...samples.map((s) => `- ${s.kind} ${s.status} ${s.error ?? ""}`)] : []),
    ].join("\n");
    const missed = (TARGETS.p50 !== undefined && result.p50 > TARGETS.p50) || result.p99 > TARGETS.p99;
    const line = `${label} offered ${rate.toFixed(0)} req/s${values.rate === undefined ? ` (${values.share} of health ${healthRate.toFixed(0)} req/s)` : ""}: p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, errors ${result.errors}${knee ? `, knee ${knee.knee.toFixed(0)} req/s` : ""}`;
    return { text, ok: result.errors === 0 && !(values.strict && missed), line };
  } finally {
    // A worker process that ended during the run fails it here.
    await server.stop();
  }
}

prepareRun(values["skip-build"]);
const store = await storeFor(storeName);
const facts = prepare(store);
const { byConfiguration, report, ok } = await runDeployments(deploymentsOf(values.deployments, store), (deployment) =>
  bench(store, deployment, facts),
);
console.log(byConfiguration);
saveReport(`latency-${storeName}-`, report);
if (!ok) {
  console.error("Failed: a request errored" + (values.strict ? " or a target was missed" : "") + " (or a configuration did not run)");
  process.exitCode = 1;
}
