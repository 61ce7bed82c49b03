import { sql } from "drizzle-orm";
import type { Address } from "viem";
import { sendSyncJob } from "@/lib/chain/server/queue";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { processDb } from "@/lib/db/job-queue";
import { startWorkerProcess } from "./deployments";
import { measure, type Figures, type Request } from "./measure";
import { variedSearches } from "./search-queries";
import { prepareRun, startApp } from "./servers";
import { runScript, type Store } from "./stores";
import { collectionBody, perkBody } from "@/lib/traffic/write-bodies";

export type EffectOptions = {
  databaseUrl: string;
  rpcUrl: string;
  addresses: Address[];
  collections: number;
  rounds: number;
  seconds: number;
  connections: number;
  port: number;
  skipBuild: boolean;
  /** Requests per second per chain for the sync (CHAIN_REQUESTS_PER_SECOND); undefined lifts it. */
  budget?: number;
  /** The sync in an `npm run worker` process beside a server with IN_PROCESS_WORKERS=0. */
  separateWorker: boolean;
};

type Mode = "without" | "with";
type Kind = "health" | "search" | "create";

/** No sync running: every waiting attempt dropped, and the running ones finished. */
async function stopSyncing(): Promise<void> {
  const db = await getDb();
  await db.execute(sql`DELETE FROM pgboss.job WHERE name = 'chain-sync' AND state IN ('created', 'retry')`);
  for (let waited = 0; waited < 120; waited += 1) {
    const [row] = await queryRows<{ active: number }>(
      db,
      sql`SELECT count(*)::int AS active FROM pgboss.job WHERE name = 'chain-sync' AND state = 'active'`,
    );
    if (!row?.active) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("sync attempts still running after 60 s");
}

/** The whole index dropped and every contract queued now: the server's worker reindexes them all. */
async function startSyncing(addresses: Address[]): Promise<void> {
  const db = await getDb();
  await db.execute(sql`TRUNCATE chain_transfers, chain_holdings, chain_checkpoints`);
  await db.execute(
    sql`UPDATE chain_contracts SET cursor_block = NULL, cursor_hash = NULL, minted = 0, burned = 0, holders = 0, status = 'Updating', error = NULL`,
  );
  const queue = await processDb();
  for (const address of addresses) await sendSyncJob(queue, { chainKey: "localhost", address: address.toLowerCase() });
}

const indexed = async () =>
  (await queryRows<{ n: number }>(await getDb(), sql`SELECT count(*)::int AS n FROM chain_contracts WHERE status = 'Synced'`))[0]?.n ?? 0;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * The API with and without a sync running in the server, in alternating rounds; returns the
 * report's text (markdown).
 */
export async function measureEffect(options: EffectOptions): Promise<string> {
  const store: Store = { name: "postgres", env: { DATABASE_URL: options.databaseUrl } };
  prepareRun(options.skipBuild);
  runScript(store, "scripts/db-seed.ts", ["--count", String(options.collections)]);
  const key = runScript(store, "bench/store-facts.ts", ["key"]).trim();
  const varied = variedSearches(JSON.parse(runScript(store, "bench/store-facts.ts", ["words"])));
  await stopSyncing();
  const syncEnv = {
    ...store.env,
    CHAIN_RPC_LOCALHOST: options.rpcUrl,
    CHAIN_REQUESTS_PER_SECOND: String(options.budget ?? 1_000_000),
    // Follow-ups after an hour: between rounds, only what the bench queues runs.
    CHAIN_SYNC_INTERVAL_SECONDS: "3600",
  };
  const server = await startApp(options.port, { ...syncEnv, ...(options.separateWorker ? { IN_PROCESS_WORKERS: "0" } : {}) });
  const worker = options.separateWorker ? startWorkerProcess(options.port, syncEnv) : undefined;
  const headers = { authorization: `Bearer ${key}` };
  const requests: Record<Kind, () => Request> = {
    health: () => ({ path: "/api/health" }),
    search: () => ({ path: varied(), headers }),
    create: () => ({
      method: "POST",
      path: "/api-gateway/create",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ nftData: collectionBody("Sync bench"), perkData: [perkBody("Sync bench")] }),
    }),
  };
  const figures: Record<Mode, Record<Kind, Figures[]>> = {
    without: { health: [], search: [], create: [] },
    with: { health: [], search: [], create: [] },
  };
  const during: { indexed: number; seconds: number; stillBehind: number }[] = [];
  const lines: string[] = [];
  try {
    // One pass of each, not counted: JIT, caches and the connection pool warm before round 1.
    for (const kind of ["health", "search", "create"] as const) {
      await measure(server.url, requests[kind], { connections: options.connections, durationSeconds: options.seconds });
    }
    for (let round = 0; round < options.rounds; round += 1) {
      const order: Mode[] = round % 2 === 0 ? ["without", "with"] : ["with", "without"];
      for (const mode of order) {
        if (mode === "with") await startSyncing(options.addresses);
        else await stopSyncing();
        const started = performance.now();
        const before = await indexed();
        for (const kind of ["health", "search", "create"] as const) {
          const result = await measure(server.url, requests[kind], { connections: options.connections, durationSeconds: options.seconds });
          figures[mode][kind].push(result);
          console.error(
            `round ${round + 1} ${mode} sync: ${kind} ${result.reqPerSec.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, non-2xx ${result.non2xx}`,
          );
        }
        if (mode === "with") {
          const after = await indexed();
          const seconds = (performance.now() - started) / 1000;
          during.push({ indexed: after - before, seconds, stillBehind: options.addresses.length - after });
          console.error(
            `  sync during the round: ${after - before} contracts indexed in ${seconds.toFixed(0)} s, ${options.addresses.length - after} still behind`,
          );
        }
      }
    }
    await stopSyncing();
  } finally {
    await server.stop();
    await worker?.stop();
  }

  const rate = (mode: Mode, kind: Kind) => median(figures[mode][kind].map((f) => f.reqPerSec));
  const p50 = (mode: Mode, kind: Kind) => median(figures[mode][kind].map((f) => f.p50));
  // Each round's with/without pair is adjacent in time: their ratio cancels the machine's drift.
  const paired = (kind: Kind) => median(figures.with[kind].map((f, index) => f.reqPerSec / figures.without[kind][index]!.reqPerSec));
  lines.push(
    `Effect of a running sync: ${options.collections} collections, ${options.addresses.length} contracts reindexed from scratch by ${options.separateWorker ? "an `npm run worker` process (the server with IN_PROCESS_WORKERS=0)" : "the server's in-process worker"} (${options.budget ? `CHAIN_REQUESTS_PER_SECOND=${options.budget}` : "request budget lifted"}), ${options.rounds} alternating rounds, ${options.connections} connections × ${options.seconds} s`,
    "",
    "| Route | without sync req/s | with sync req/s | with ÷ without (median of rounds) | ratio to health (without) | ratio to health (with) | p50 without / with |",
    "|---|---:|---:|---:|---:|---:|---|",
  );
  for (const kind of ["health", "search", "create"] as const) {
    lines.push(
      `| ${kind} | ${rate("without", kind).toFixed(0)} | ${rate("with", kind).toFixed(0)} | ${paired(kind).toFixed(2)} | ${(rate("without", kind) / rate("without", "health")).toFixed(3)} | ${(rate("with", kind) / rate("with", "health")).toFixed(3)} | ${p50("without", kind)} / ${p50("with", kind)} ms |`,
    );
  }
  const errors = (["without", "with"] as const)
    .flatMap((mode) => (["health", "search", "create"] as const).map((kind) => figures[mode][kind]))
    .flat()
    .reduce((sum, f) => sum + f.non2xx + f.errors, 0);
  lines.push(
    "",
    `Sync during the "with" rounds: ${during.map((d) => `${d.indexed} contracts in ${d.seconds.toFixed(0)} s (${d.stillBehind} still behind at the end)`).join("; ")}.`,
    `Non-2xx answers and errors: ${errors}.`,
  );
  const text = lines.join("\n");
  console.log(text);
  return text;
}
