import fs from "node:fs";
import os from "node:os";
import { parseArgs } from "node:util";
import { CATEGORIES } from "@/lib/schemas/category-list";
import { prepareRun, saveReport, startApp } from "./servers";
import { ensureSeeded, runScript, storeFor, type Store } from "./stores";

/*
 * What one cache miss of each public page kind costs the server: CPU milliseconds per view (the
 * server process's user + system time from /proc over a fixed list of URLs, so a loaded machine
 * slows the run but hardly changes the figure), and the bytes of each view: the HTML, the RSC
 * payload inlined in it, and the payload a client-side navigation fetches (`RSC: 1`).
 *
 *   npm run bench:page-cost -- [--store pglite|postgres] [--count 2000] [--urls 40] [--rounds 3]
 *                              [--concurrency 2] [--port 3441] [--skip-build]
 *
 * The first round warms the server (JIT, the read cache); the later rounds are measured, so the
 * figure is the render's, with each search answered from the read cache. Answers are asked for
 * compressed, as browsers do, so the compression of a miss is counted as well.
 */
const { values } = parseArgs({
  options: {
    store: { type: "string", default: "postgres" },
    count: { type: "string", default: "2000" },
    urls: { type: "string", default: "40" },
    rounds: { type: "string", default: "3" },
    concurrency: { type: "string", default: "2" },
    port: { type: "string", default: "3441" },
    "skip-build": { type: "boolean", default: false },
  },
});
const urlCount = Number(values.urls);
const rounds = Number(values.rounds);
const concurrency = Number(values.concurrency);

prepareRun(values["skip-build"]);
const store: Store = await storeFor(values.store as Store["name"]);
ensureSeeded(store, Number(values.count));
// The same ids and words for the same store, so two builds are measured over the same pages.
const ids = (JSON.parse(runScript(store, "bench/store-facts.ts", ["sample-ids"])) as string[]).sort().slice(0, urlCount);
const words = (JSON.parse(runScript(store, "bench/store-facts.ts", ["words"])) as { title: { word: string }[] }).title.map(
  (entry) => entry.word,
);

const pick = <T>(list: readonly T[], i: number) => list[i % list.length]!;
const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const KINDS: { name: string; paths: string[] }[] = [
  {
    name: "`/perks?category=…[&pageNum=…]`",
    paths: range(urlCount).map(
      (i) => `/perks?category=${encodeURIComponent(pick(CATEGORIES, i))}${i % 3 ? `&pageNum=${1 + (i % 4)}` : ""}`,
    ),
  },
  {
    name: "home (`/?category=…&page=…`, `/?query=…`)",
    paths: range(urlCount).map((i) =>
      i % 2 ? `/?category=${encodeURIComponent(pick(CATEGORIES, i))}&page=${1 + (i % 5)}` : `/?query=${encodeURIComponent(pick(words, i))}`,
    ),
  },
  { name: "collection (`/collections/{id}`)", paths: ids.map((id) => `/collections/${id}`) },
];

/** User + system CPU time of a process, in milliseconds (/proc/<pid>/stat counts clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  // After the command: state is field 3, utime 14 and stime 15 (1-based), so 11 and 12 here.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function fetchAll(base: string, paths: string[], headers: Record<string, string>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const path = paths[next++]!;
      const answer = await fetch(base + path, { headers, redirect: "manual" });
      await answer.arrayBuffer();
      if (answer.status !== 200) throw new Error(`${path}: ${answer.status}`);
    }
  };
  await Promise.all(range(concurrency).map(worker));
}

/** The RSC payload a page carries inline: the text of its `self.__next_f.push(…)` scripts. */
function inlinePayloadBytes(html: string): number {
  let total = 0;
  for (const match of html.matchAll(/<script>(self\.__next_f\.push\([\s\S]*?\))<\/script>/g)) total += Buffer.byteLength(match[1]!);
  return total;
}

async function bytesOf(base: string, paths: string[]) {
  let html = 0;
  let inline = 0;
  let rsc = 0;
  let compressed = 0;
  for (const path of paths) {
    const page = await (await fetch(base + path, { headers: { "accept-encoding": "identity" } })).text();
    html += Buffer.byteLength(page);
    inline += inlinePayloadBytes(page);
    rsc += (await (await fetch(base + path, { headers: { rsc: "1", "accept-encoding": "identity" } })).arrayBuffer()).byteLength;
    // Undici decodes what it fetches: the length the server sent is its header.
    compressed += Number((await fetch(base + path, { headers: { "accept-encoding": "br" } })).headers.get("content-length") ?? 0);
  }
  const per = (n: number) => Math.round(n / paths.length);
  return { html: per(html), inline: per(inline), rsc: per(rsc), compressed: per(compressed) };
}

// Every view rendered: kept pages (docs/decisions/094) would make the later rounds cost nothing.
const app = await startApp(Number(values.port), { ...store.env, PAGE_KEEP_MS: "0" });
const pid = app.child.pid!;
const browser = { "accept-encoding": "gzip, deflate, br" };
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(" / ");
const lines = [
  `${store.name}, ${values.count} collections, ${urlCount} URLs per kind, ${rounds - 1} measured rounds, ${concurrency} at a time; load average ${load()} (1/5/15 min)`,
  "",
  "| page kind | CPU ms / view | HTML bytes | of which RSC payload | RSC fetch bytes | brotli bytes |",
  "|---|---:|---:|---:|---:|---:|",
];
try {
  for (const kind of KINDS) {
    await fetchAll(app.url, kind.paths, browser);
    const before = cpuMs(pid);
    for (let round = 1; round < rounds; round += 1) await fetchAll(app.url, kind.paths, browser);
    const perView = (cpuMs(pid) - before) / (kind.paths.length * (rounds - 1));
    const bytes = await bytesOf(app.url, kind.paths);
    lines.push(
      `| ${kind.name} | ${perView.toFixed(1)} | ${bytes.html.toLocaleString("en-US")} | ${bytes.inline.toLocaleString("en-US")} | ${bytes.rsc.toLocaleString("en-US")} | ${bytes.compressed.toLocaleString("en-US")} |`,
    );
    console.error(lines.at(-1));
  }
  lines.push("", `load average at the end ${load()}`);
} finally {
  await app.stop();
}
console.log(lines.join("\n"));
saveReport("page-cost-", lines.join("\n"));
