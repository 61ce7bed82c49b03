import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { CHROMIUM_FLAGS, SYSTEM_CHROMIUM } from "./chromium";
import { killAllServers, startServer } from "./production-server";

/**
 * `npm run audit`: builds, serves the production build on its own port against a store, runs
 * Lighthouse (desktop) on the browse page, the perks page and a collection page with the machine's Chromium, and
 * prints the scores. Exits 1 when performance is below 95 or accessibility below 100.
 *
 * Without DATABASE_URL it seeds a fresh embedded store; with it, it audits that database as is
 * (e.g. one seeded with 100,000 collections).
 */
const { values } = parseArgs({
  options: {
    "no-build": { type: "boolean", default: false },
    port: { type: "string", default: process.env.AUDIT_PORT ?? "3300" },
    seed: { type: "string", default: "1000" },
    runs: { type: "string", default: "1" },
  },
});
const port = Number(values.port);
const runs = Math.max(1, Number(values.runs));
const base = `http://127.0.0.1:${port}`;
const OUT = ".data/audit";
const TARGETS = { performance: 95, accessibility: 100 };
const CHROME_FLAGS = ["--headless", ...CHROMIUM_FLAGS].join(" ");

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(command, args, { stdio: "inherit", env });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} exited with ${result.status}`);
}

type Scores = { performance: number; accessibility: number; lcpMs: number; cls: number; tbtMs: number };

function lighthouse(url: string, name: string): Scores {
  const output = path.join(OUT, `${name}.json`);
  run(
    "npx",
    [
      "lighthouse",
      url,
      "--preset=desktop",
      "--only-categories=performance,accessibility",
      "--output=json",
      `--output-path=${output}`,
      `--chrome-flags=${CHROME_FLAGS}`,
      "--quiet",
    ],
    { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? SYSTEM_CHROMIUM },
  );
  const report = JSON.parse(fs.readFileSync(output, "utf8"));
  const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const audit = (id: string) => Number(report.audits[id]?.numericValue ?? NaN);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    lcpMs: Math.round(audit("largest-contentful-paint")),
    cls: Number(audit("cumulative-layout-shift").toFixed(3)),
    tbtMs: Math.round(audit("total-blocking-time")),
  };
}

/** The run with the median performance score, as Lighthouse's own docs advise for several runs. */
function median(results: Scores[]): Scores {
  const sorted = [...results].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor(sorted.length / 2)]!;
}

fs.mkdirSync(OUT, { recursive: true });
if (!values["no-build"]) run("npx", ["next", "build"]);

const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port) };
if (!process.env.DATABASE_URL) {
  env.PGLITE_DIR = path.join(OUT, "pglite");
  fs.rmSync(env.PGLITE_DIR, { recursive: true, force: true });
  console.log(`Seeding ${values.seed} collections into a fresh embedded store…`);
  run("npx", ["tsx", "--conditions=react-server", "scripts/db-seed.ts", "--count", values.seed, "--seed", "1"], env);
}

const server = startServer(port, { PGLITE_DIR: env.PGLITE_DIR });
process.on("exit", killAllServers);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(130));

try {
  await server.ready();
  const first = await (await fetch(`${base}/api/search`)).json();
  const id: string | undefined = first.cards?.[0]?.id;
  if (!id) throw new Error("the store has no collection to audit");
  const pages = [
    { name: "browse", url: `${base}/` },
    { name: "perks", url: `${base}/perks` },
    { name: "collection", url: `${base}/collections/${id}` },
  ];
  // One unmeasured visit each, so the first measured run does not pay for cold caches.
  for (const page of pages) await fetch(page.url).then((response) => response.text());

  const rows = pages.map((page) => {
    const results = Array.from({ length: runs }, (_, index) => lighthouse(page.url, `${page.name}-${index + 1}`));
    return { page: page.name, ...median(results) };
  });
  console.log(`\nLighthouse (desktop), ${runs === 1 ? "one run" : `median of ${runs} runs`} per page; reports in ${OUT}/`);
  console.table(rows);
  const failing = rows.filter((row) => row.performance < TARGETS.performance || row.accessibility < TARGETS.accessibility);
  if (failing.length > 0) {
    console.error(
      `Below target (performance ≥ ${TARGETS.performance}, accessibility ${TARGETS.accessibility}): ${failing.map((row) => row.page).join(", ")}`,
    );
    process.exitCode = 1;
  } else {
    console.log(`All pages meet the targets (performance ≥ ${TARGETS.performance}, accessibility ${TARGETS.accessibility}).`);
  }
} finally {
  await server.stop();
}
