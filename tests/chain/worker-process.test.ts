import { spawn } from "node:child_process";
import { afterAll, describe, expect, it, vi } from "vitest";
import type { Address } from "viem";
import { createOk, newCaller, retrieveOk, validCollection } from "../support/api";
import { ACCOUNTS, startLocalChain } from "../support/chain";

// `npm run worker` on this file's database: PostgreSQL only (CI runs this file with DATABASE_URL
// set), since the embedded store belongs to one process.
const url = process.env.DATABASE_URL;
// Before anything reads the environment: retrieval here judges the chain by this file's RPC too.
const chain = url ? await startLocalChain() : undefined;
if (chain) process.env.CHAIN_RPC_LOCALHOST = chain.url;
afterAll(async () => chain?.stop());

/** Starts scripts/worker.ts with `env` on top of this process's; its stderr is collected. */
function startWorker(env: Record<string, string | undefined>) {
  const child = spawn("node_modules/.bin/tsx", ["--conditions=react-server", "scripts/worker.ts"], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let output = "";
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

describe("npm run worker", () => {
  it("refuses the embedded store, saying why", async () => {
    const worker = startWorker({ DATABASE_URL: "", PGLITE_DIR: "memory://" });
    expect(await worker.exited).toBe(2);
    expect(worker.output()).toMatch(/npm run worker needs DATABASE_URL/);
  });

  describe.skipIf(!url)("on PostgreSQL", () => {
    it("syncs a contract a write queued, without the web server, and stops on SIGTERM", async () => {
      const address = await chain!.deploy("TestERC721", ["Worked", "WRK"]);
      await chain!.send("TestERC721", address, "mint", [ACCOUNTS[1]!.address as Address, 1n]);
      const caller = await newCaller();
      const created = await createOk(caller.key, { nftData: validCollection({ ContractChain: "Localhost", ContractAddress: address }) });
      const id = created.nftData.PlatformNFTId as string;

      const worker = startWorker({ DATABASE_URL: url, CHAIN_RPC_LOCALHOST: chain!.url });
      try {
        const synced = await vi.waitFor(
          async () => {
            const { nftData } = await retrieveOk(caller.key, id);
            if (nftData.BlockchainSyncStatus !== "Synced") throw new Error(`not yet: ${worker.output().slice(-300)}`);
            return nftData;
          },
          { timeout: 120_000, interval: 300 },
        );
        expect(synced).toMatchObject({ TokenQuantityIssued: 1 });
        expect(worker.output()).toMatch(/Workers running: webhook deliveries and chain sync/);
      } finally {
        worker.child.kill("SIGTERM");
      }
      expect(await worker.exited).toBe(0);
    }, 180_000);
  });
});
