import { spawn, type ChildProcess } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { productionServer } from "../scripts/production-server";
import { editedThirtyTimes } from "./hardening-history";
import { runScript, type Store } from "./stores";

/*
 * Two production builds of the collection page served at once on one PostgreSQL database, then
 * rounds of `--views` views at 20 connections of the page of 90 perks of 10,000 characters
 * (edited 30 times, as `npm run bench:hardening` makes it), alternating build within each round:
 * at a load that moves minute to minute, only builds measured in the same minutes compare.
 *
 *   npx tsx --conditions=react-server bench/collection-page-ab.ts --database-url postgres://…/empty \
 *     --before ../main-checkout --after . [--rounds 4] [--views 100]
 *
 * Each directory must hold a build (`npm run build`); the database must be empty (it is migrated).
 */
const { values } = parseArgs({
  options: {
    "database-url": { type: "string" },
    before: { type: "string" },
    after: { type: "string", default: "." },
    rounds: { type: "string", default: "4" },
    views: { type: "string", default: "100" },
    port: { type: "string", default: "4251" },
  },
});
const databaseUrl = values["database-url"];
if (!databaseUrl || !values.before) throw new Error("--database-url and --before are required");
// The budgets startApp lifts too: the fill is 31 writes, and 20 views at a time come from one address.
const store: Store = {
  name: "postgres",
  env: { DATABASE_URL: databaseUrl, RATE_LIMIT_SEARCH_PER_MINUTE: "100000000", RATE_LIMIT_CREATE_PER_MINUTE: "100000000" },
};
const key = runScript(store, "scripts/keys-create.ts", ["bench-collection-ab@example.com"]).trim();
const auth = { authorization: `Bearer ${key}`, "content-type": "application/json" };

const children: ChildProcess[] = [];
process.on("exit", () => children.forEach((child) => child.pid && process.kill(-child.pid, "SIGKILL")));

async function serve(dir: string, port: number): Promise<string> {
  const { command, args, env } = productionServer(port, store.env);
  const child = spawn(command, args, { cwd: path.resolve(dir), env: { ...process.env, ...env }, stdio: "ignore", detached: true });
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; tries < 1_500; tries += 1) {
    if (
      await fetch(`${url}/api/ready`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return url;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${dir} did not get ready on ${port}`);
}

const port = Number(values.port);
const [before, after] = await Promise.all([serve(values.before, port), serve(values.after, port + 1)]);

async function post(body: unknown) {
  const response = await fetch(`${before}/api-gateway/create`, { method: "POST", headers: auth, body: JSON.stringify(body) });
  const json = await response.json();
  if (response.status !== 200) throw new Error(`create: ${response.status} ${JSON.stringify(json)}`);
  return json as { nftData: { PlatformNFTId: string }; perkData: { PlatformPerkId: string }[] };
}
const id = await editedThirtyTimes(post);

const load = () =>
  os
    .loadavg()
    .slice(0, 1)
    .map((value) => value.toFixed(1))
    .join("");
const rows: string[] = ["| round | load | before p50 / p99 ms | after p50 / p99 ms | before / after bytes |", "|---|---|---|---|---|"];
for (let round = 1; round <= Number(values.rounds); round += 1) {
  const cells: string[] = [];
  const bytes: number[] = [];
  const loadAtStart = load();
  for (const url of round % 2 ? [before, after] : [after, before]) {
    await fetch(`${url}/collections/${id}`).then((response) => response.arrayBuffer()); // warm
    const run = await autocannon({ url: `${url}/collections/${id}`, connections: 20, amount: Number(values.views), timeout: 120 });
    if (run.non2xx || run.errors) throw new Error(`${url}: ${run.non2xx} non-2xx, ${run.errors} errors`);
    cells[url === before ? 0 : 1] = `${run.latency.p50} / ${run.latency.p99}`;
    bytes[url === before ? 0 : 1] = Math.round(run.throughput.total / run.requests.total);
  }
  rows.push(
    `| ${round} (${round % 2 ? "before first" : "after first"}) | ${loadAtStart}–${load()} | ${cells[0]} | ${cells[1]} | ${bytes.join(" / ")} |`,
  );
  console.log(rows.at(-1));
}
console.log(rows.join("\n"));
process.exit(0);
