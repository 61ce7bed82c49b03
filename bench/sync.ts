import os from "node:os";
import { parseArgs } from "node:util";
import pg from "pg";
import { createWalletClient, http, publicActions, type Address } from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { foundry } from "viem/chains";

/**
 * Chain sync on the local node. First its throughput: deploys `--contracts` ERC-721 contracts with
 * `--transfers` mints among them (one `mintMany` transaction each), then indexes every contract
 * from scratch, four at a time as the worker does, and reports contracts indexed per second and
 * JSON-RPC requests per contract. The per-chain request budget is lifted: the node, the indexer
 * and the database are measured, not the budget.
 *
 * Then its effect on the API (unless `--no-effect`): the production server on `--port`, over the
 * same database seeded with `--collections` collections, runs the sync in-process as deployed.
 * Rounds alternate the order of "without sync" (no job waiting) and "with sync" (the whole index
 * dropped and every contract queued at once, the budget lifted: the worst case), so drift on a
 * shared machine cancels; each measures the health route, varied searches and creates. Figures
 * are reported, never asserted. `--budget N` keeps the server's sync to N JSON-RPC requests per
 * second per chain (the deployment default is 20); `--worker` runs the sync in an `npm run worker`
 * process beside a server with IN_PROCESS_WORKERS=0, as a deployment apart would.
 */
const { values } = parseArgs({
  options: {
    contracts: { type: "string", default: "1000" },
    transfers: { type: "string", default: "100000" },
    concurrency: { type: "string", default: "4" },
    "database-url": { type: "string", default: "postgres://postgres@127.0.0.1:5432/uds_bench_chain_sync" },
    pglite: { type: "boolean", default: false },
    "start-block": { type: "string" },
    "no-effect": { type: "boolean", default: false },
    collections: { type: "string", default: "10000" },
    rounds: { type: "string", default: "3" },
    seconds: { type: "string", default: "8" },
    connections: { type: "string", default: "8" },
    port: { type: "string", default: "3130" },
    "skip-build": { type: "boolean", default: false },
    budget: { type: "string" },
    worker: { type: "boolean", default: false },
  },
});
const contracts = Number(values.contracts);
const perContract = Math.ceil(Number(values.transfers) / contracts);
const concurrency = Number(values.concurrency);

if (values.pglite) process.env.PGLITE_DIR = "memory://";
else {
  const target = new URL(values["database-url"]!);
  const admin = new URL(target);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${target.pathname.slice(1)}" WITH (FORCE)`);
  await client.query(`CREATE DATABASE "${target.pathname.slice(1)}"`);
  await client.end();
  process.env.DATABASE_URL = target.toString();
}

const { startLocalNode } = await import("@/lib/chain/server/local-node");
const node = await startLocalNode();
process.env.CHAIN_RPC_LOCALHOST = node.url;
process.env.CHAIN_REQUESTS_PER_SECOND = "1000000";
if (values["start-block"] !== undefined) process.env.CHAIN_START_BLOCK_LOCALHOST = values["start-block"];

const { artifact } = await import("@/lib/chain/server/artifacts");
const { chainOfLabel } = await import("@/lib/schemas/chains");
const { rpcCounter } = await import("@/lib/chain/server/rpc");
const { syncContract } = await import("@/lib/chain/server/sync");
const { closeDb, getDb } = await import("@/lib/db/client");

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");
const loadAtStart = loadAverage();
let throughput: Record<string, unknown> = {};
const addresses: Address[] = [];
try {
  await getDb();
  const owner = mnemonicToAccount("test test test test test test test test test test test junk", { addressIndex: 0 });
  const holder = mnemonicToAccount("test test test test test test test test test test test junk", { addressIndex: 1 }).address;
  // The node mines each transaction as it arrives: poll for receipts every 20 ms, not viem's default 4 s.
  const client = createWalletClient({
    chain: foundry,
    transport: http(node.url),
    account: owner,
    pollingInterval: 20,
    ccipRead: false,
  }).extend(publicActions);
  const { abi, bytecode } = artifact("TestERC721");

  const setupStarted = performance.now();
  // One transaction at a time, each awaited: parallel sends with hand-kept nonces stalled the node.
  for (let index = 0; index < contracts; index += 1) {
    const hash = await client.deployContract({ abi, bytecode, args: [`Bench ${index}`, "BNCH"] } as never);
    const address = (await client.waitForTransactionReceipt({ hash })).contractAddress!;
    addresses.push(address);
    const minted = await client.writeContract({ address, abi, functionName: "mintMany", args: [holder, 0n, BigInt(perContract)] } as never);
    await client.waitForTransactionReceipt({ hash: minted });
  }
  console.error(`deployed and minted: ${addresses.length} contracts`);
  const setupSeconds = (performance.now() - setupStarted) / 1000;
  const head = await client.getBlockNumber({ cacheTime: 0 });

  const chain = chainOfLabel("Localhost")!;
  const queue = [...addresses];
  const before = rpcCounter.requests;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  let failed = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let address = queue.shift(); address; address = queue.shift()) {
        const outcome = await syncContract(chain, { chainKey: "localhost", address: address.toLowerCase() }, { budgetMs: 600_000 });
        if (outcome.state !== "synced") failed += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const db = await getDb();
  const { rows } = (await db.execute(
    (await import("drizzle-orm")).sql`SELECT count(*)::int AS transfers FROM chain_transfers`,
  )) as unknown as { rows: { transfers: number }[] };
  throughput = {
    store: values.pglite ? "pglite" : "postgresql",
    contracts,
    transfers: rows[0]?.transfers,
    blocks: Number(head),
    startBlock: values["start-block"] ?? "deployment (binary search of eth_getCode)",
    setupSeconds: Number(setupSeconds.toFixed(1)),
    indexSeconds: Number(seconds.toFixed(1)),
    contractsPerSecond: Number((contracts / seconds).toFixed(1)),
    transfersPerSecond: Math.round((rows[0]?.transfers ?? 0) / seconds),
    rpcRequestsPerContract: Number(((rpcCounter.requests - before) / contracts).toFixed(1)),
    // What a contract costs the process that syncs it (a web server's event loop, when in-process).
    nodeCpuMsPerContract: Number(((cpu.user + cpu.system) / 1000 / contracts).toFixed(1)),
    failed,
    loadAverage: `${loadAtStart} → ${loadAverage()}`,
  };
  console.log(JSON.stringify(throughput, null, 2));
  if (!values["no-effect"] && !values.pglite) {
    const { measureEffect } = await import("./sync-effect");
    const report = await measureEffect({
      databaseUrl: process.env.DATABASE_URL!,
      rpcUrl: node.url,
      addresses,
      collections: Number(values.collections),
      rounds: Number(values.rounds),
      seconds: Number(values.seconds),
      connections: Number(values.connections),
      port: Number(values.port),
      skipBuild: values["skip-build"],
      budget: values.budget === undefined ? undefined : Number(values.budget),
      separateWorker: values.worker,
    });
    const { saveReport } = await import("./servers");
    saveReport("sync-", [`Chain sync: ${JSON.stringify(throughput, null, 2)}`, report].join("\n\n"));
  }
} finally {
  await closeDb();
  await node.stop();
}
