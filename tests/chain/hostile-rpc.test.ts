import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Address } from "viem";
import { chainOfLabel } from "@/lib/schemas/chains";
import { rpcCounter } from "@/lib/chain/server/rpc";
import { syncContract } from "@/lib/chain/server/sync";
import { createOk, newCaller, retrieveOk, validCollection, type Caller } from "../support/api";
import { ACCOUNTS, startLocalChain } from "../support/chain";

/**
 * A JSON-RPC provider in front of the local node whose faults the tests switch on: a wrong chain
 * id, refusing eth_getLogs over more than a few blocks (as public providers do), failing outright.
 */
const chain = await startLocalChain();
const faults = { chainId: undefined as string | undefined, maxLogRange: Infinity, down: false, logRanges: [] as number[] };
const proxy = createServer((request, response) => {
  let body = "";
  request.on("data", (chunk: Buffer) => (body += chunk.toString()));
  request.on("end", async () => {
    const call = JSON.parse(body) as { id: number; method: string; params: { fromBlock: string; toBlock: string }[] };
    const answer = (result: unknown) =>
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id: call.id, ...result! }));
    if (faults.down) return response.writeHead(503).end("unavailable");
    if (call.method === "eth_chainId" && faults.chainId) return answer({ result: faults.chainId });
    if (call.method === "eth_getLogs") {
      const range = Number(BigInt(call.params[0]!.toBlock) - BigInt(call.params[0]!.fromBlock)) + 1;
      faults.logRanges.push(range);
      if (range > faults.maxLogRange)
        return answer({ error: { code: -32005, message: `query exceeds max block range ${faults.maxLogRange}` } });
    }
    const upstream = await fetch(chain.url, { method: "POST", headers: { "content-type": "application/json" }, body });
    response.writeHead(upstream.status, { "content-type": "application/json" }).end(await upstream.text());
  });
});
await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
// The first URL refuses every connection: the sync falls back to the second.
const dead = createServer();
await new Promise<void>((resolve) => dead.listen(0, "127.0.0.1", resolve));
const deadPort = (dead.address() as AddressInfo).port;
await new Promise<void>((resolve) => dead.close(() => resolve()));
process.env.CHAIN_RPC_LOCALHOST = `http://127.0.0.1:${deadPort},http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;

const LOCALHOST = chainOfLabel("Localhost")!;
const alice = ACCOUNTS[1]!.address as Address;
let caller: Caller;
beforeAll(async () => {
  caller = await newCaller();
});
afterAll(async () => {
  proxy.close();
  await chain.stop();
});

async function collectionOn(address: string) {
  const created = await createOk(caller.key, { nftData: validCollection({ ContractChain: "Localhost", ContractAddress: address }) });
  return created.nftData.PlatformNFTId as string;
}
const sync = (address: string) => syncContract(LOCALHOST, { chainKey: "localhost", address: address.toLowerCase() });
const doc = async (id: string) => (await retrieveOk(caller.key, id)).nftData;

describe("a hostile or failing RPC leaves the collection Updating with a reason, and the next attempt recovers", () => {
  it("an RPC of another chain", async () => {
    const address = await chain.deploy("TestERC721", ["Elsewhere", "ELS"]);
    const id = await collectionOn(address);
    faults.chainId = "0x5";
    try {
      expect((await sync(address)).state).toBe("failed");
    } finally {
      faults.chainId = undefined;
    }
    expect(await doc(id)).toMatchObject({
      BlockchainSyncStatus: "Updating",
      BlockchainSyncError: "the RPC for Localhost answers chain id 5, not 31337: check CHAIN_RPC_LOCALHOST",
    });
    expect(await sync(address)).toEqual({ state: "synced" });
    expect(await doc(id)).not.toHaveProperty("BlockchainSyncError");
  });

  it("a provider that refuses wide log ranges gets narrower ones, and every transfer is still counted", async () => {
    const address = await chain.deploy("TestERC721", ["Narrow", "NRW"]);
    for (const tokenId of [1n, 2n, 3n, 4n]) await chain.send("TestERC721", address, "mint", [alice, tokenId]);
    await chain.mine(40);
    const id = await collectionOn(address);
    faults.maxLogRange = 8;
    faults.logRanges = [];
    try {
      expect(await sync(address)).toEqual({ state: "synced" });
    } finally {
      faults.maxLogRange = Infinity;
    }
    expect(faults.logRanges.some((range) => range > 8)).toBe(true);
    expect(faults.logRanges.at(-1)).toBeLessThanOrEqual(8);
    expect((await doc(id)).TokenQuantityIssued).toBe(4);
  });

  it("a provider that is down", async () => {
    const address = await chain.deploy("TestERC721", ["Down", "DWN"]);
    const id = await collectionOn(address);
    faults.down = true;
    const before = rpcCounter.requests;
    try {
      expect((await sync(address)).state).toBe("failed");
    } finally {
      faults.down = false;
    }
    expect(rpcCounter.requests).toBeGreaterThan(before);
    const failed = await doc(id);
    expect(failed.BlockchainSyncStatus).toBe("Updating");
    expect(failed.BlockchainSyncError).toMatch(/^RPC error: /);
    expect(await sync(address)).toEqual({ state: "synced" });
  });
});
