import os from "node:os";
import autocannon from "autocannon";
import { measure } from "./measure";
import type { Server } from "./servers";

/*
 * The import bombs and the public history read of `npm run bench:hardening`: each request's
 * answer, time and size, with the server's RSS before, at its peak (VmHWM) and after.
 */

type Rss = { before: number; peak: number; after: number };
const mb = (value: number) => value.toFixed(0);
const rssLine = (rss: Rss) => `${mb(rss.before)} / ${mb(rss.peak)} / ${mb(rss.after)}`;
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(", ");

async function withPeak<T>(server: Server, run: () => Promise<T>): Promise<{ result: T; rss: Rss }> {
  const before = server.rssMb();
  server.resetPeak();
  const result = await run();
  return { result, rss: { before, peak: server.peakRssMb(), after: server.rssMb() } };
}

export async function signIn(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** 16 MiB files that ask for millions of items: 8 million `0`s in a JSON array, 4 million two-cell CSV rows. */
export async function importBombs(server: Server, cookie: string, report: string[], rounds = 3) {
  const files = [
    { name: "JSON, 8,000,000 zeros", format: "json", body: `[${"0,".repeat(7_999_999)}0]` },
    { name: "CSV, 4,000,000 rows of two cells", format: "csv", body: `Title,ContractChain\n${"A,B\n".repeat(4_000_000)}` },
  ];
  report.push(
    "| import file (16 MiB) | answer | ms (each round) | answer bytes | server RSS MB before / peak / after |",
    "|---|---|---|---:|---|",
  );
  for (const file of files) {
    const times: string[] = [];
    let status = 0;
    let bytes = 0;
    const { rss } = await withPeak(server, async () => {
      for (let round = 0; round < rounds; round += 1) {
        const started = performance.now();
        const response = await fetch(`${server.url}/api/portal/import?format=${file.format}`, {
          method: "POST",
          headers: { cookie, origin: server.url, "content-type": file.format === "csv" ? "text/csv" : "application/json" },
          body: file.body,
        });
        const text = await response.text();
        times.push((performance.now() - started).toFixed(0));
        status = response.status;
        bytes = text.length;
      }
    });
    report.push(`| ${file.name} | ${status} | ${times.join(", ")} | ${bytes} | ${rssLine(rss)} |`);
  }
  report.push("");
}

export type Post = (body: unknown) => Promise<{ nftData: { PlatformNFTId: string }; perkData: { PlatformPerkId: string }[] }>;

/** Perk `index` of the long collection as edit `round` leaves it: a 10,000-character text and a date a day later each round. */
const perk = (round: number, index: number) => ({
  ShortDescription: `Perk ${index}`,
  LongDescription: String.fromCharCode(97 + (round % 26)).repeat(10_000),
  Tags: ["Merch"],
  Date: { dt: { seconds: 1_800_000_000 + round * 86_400, nanoseconds: 0 }, timeSet: true },
});

/** Creates the collection of 90 perks of 10,000 characters and edits every perk 30 times; returns its id. */
export async function editedThirtyTimes(post: Post): Promise<string> {
  const created = await post({
    nftData: { Title: "Edited thirty times", ContractChain: "Base" },
    perkData: Array.from({ length: 90 }, (_, index) => perk(0, index)),
  });
  const id = created.nftData.PlatformNFTId;
  const perkIds = created.perkData.map((entry) => entry.PlatformPerkId);
  for (let round = 1; round <= 30; round += 1) {
    await post({ perkData: perkIds.map((perkId, index) => ({ ...perk(round, index), PlatformNFTId: id, PlatformPerkId: perkId })) });
  }
  return id;
}

/**
 * A collection of 90 perks of 10,000 characters edited 30 times (every perk's text and date each
 * time: ~1.8 MB of changes and ~0.9 MB of state an entry), then its public page under 20
 * concurrent anonymous views and the manager's first history page.
 */
type Timed = (path: string, headers: Record<string, string>, count?: number) => Promise<{ p50: number; max: number; bytes: number }>;

export async function publicHistory(
  server: Server,
  post: Post,
  auth: Record<string, string>,
  report: string[],
  views: number,
  timed: Timed,
) {
  const id = await editedThirtyTimes(post);
  const single = await timed(`/collections/${id}`, {}, 10);
  const historyPage = await timed(`/api-gateway/collections/${id}/history`, auth, 10);
  const { result, rss } = await withPeak(server, () =>
    autocannon({ url: `${server.url}/collections/${id}`, connections: 20, amount: views, timeout: 120 }),
  );
  const loadDuring = load();
  const perSec = (run: autocannon.Result) => run.requests.total / run.duration;
  // Where a view's time goes now: the same 90 perks with 10-character texts, and a page without perks.
  const shortTexts = await post({
    nftData: { Title: "Ninety short perks", ContractChain: "Base" },
    perkData: Array.from({ length: 90 }, (_, index) => ({ ...perk(0, index), LongDescription: "Short text" })),
  });
  const noPerks = await post({ nftData: { Title: "No perks", ContractChain: "Base" } });
  const compared = [];
  for (const [name, path] of [
    // The page renders its first perks only (docs/decisions/068): asked for all, it renders the 90 cards.
    ["all 90 perks of 10,000 characters rendered (?perks=all)", `/collections/${id}?perks=all`],
    ["90 perks of 10 characters", `/collections/${shortTexts.nftData.PlatformNFTId}`],
    ["no perks", `/collections/${noPerks.nftData.PlatformNFTId}`],
  ] as const) {
    const run = await autocannon({
      url: `${server.url}${path}`,
      connections: 20,
      amount: views,
      timeout: 120,
    });
    compared.push({ name, run });
  }
  // The framework's floor on this machine at this moment, at the same concurrency: the views' figures read against it.
  const health = await measure(server.url, () => ({ path: "/api/health" }), { connections: 20, durationSeconds: 5 });
  const viewsPerSec = perSec(result);
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([code, stat]) => `${code}: ${stat.count}`)
    .join(", ");
  report.push(
    "| 31 entries of ~2.7 MB (90 perks of 10,000 characters) | figure |",
    "|---|---|",
    `| /collections/{id} one at a time (10) | p50 ${single.p50.toFixed(0)} ms, max ${single.max.toFixed(0)} ms, ${single.bytes} bytes |`,
    `| manager's first history page, one at a time (10) | p50 ${historyPage.p50.toFixed(0)} ms, max ${historyPage.max.toFixed(0)} ms, ${historyPage.bytes} bytes |`,
    `| ${views} public views, 20 at a time (${statuses}; ${result.errors} errors, ${result.timeouts} timeouts) | p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms |`,
    `| the views' req/s against /api/health's, 20 connections each | ${viewsPerSec.toFixed(1)} / ${health.reqPerSec.toFixed(0)} = ${(viewsPerSec / health.reqPerSec).toFixed(3)} of health (health p50 ${health.p50} ms, p99 ${health.p99} ms) |`,
    ...compared.map(
      ({ name, run }) =>
        `| for comparison, ${views} views of a page with ${name}, 20 at a time | p50 ${run.latency.p50} ms, p99 ${run.latency.p99} ms, ${perSec(run).toFixed(1)}/s = ${(perSec(run) / health.reqPerSec).toFixed(3)} of health, ${(run.throughput.total / run.requests.total).toFixed(0)} bytes |`,
    ),
    `| server RSS MB before / peak / after the views | ${rssLine(rss)} |`,
    `| load average (1, 5, 15 min) after the views | ${loadDuring} |`,
    "",
  );
}
