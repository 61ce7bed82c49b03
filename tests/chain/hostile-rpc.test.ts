import { createServer } from "node:http";
import { sql } from "drizzle-orm";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toFunctionSelector, type Address } from "viem";
import { chainOfLabel } from "@/lib/schemas/chains";
import { rpcCounter } from "@/lib/chain/server/rpc";
import { syncContract } from "@/lib/chain/server/sync";
import { nextDelaySeconds } from "@/lib/chain/server/worker";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { createOk, newCaller, retrieveOk, validCollection, type Caller } from "../support/api";
import { ACCOUNTS, startLocalChain } from "../support/chain";
import { callRoute } from "../support/routes";

/**
 * A JSON-RPC provider in front of the local node whose faults the tests switch on: a wrong chain
 * id, refusing eth_getLogs over more than a few blocks (as public providers do), failing outright.
 */
const chain = await startLocalChain();
const faults = {
  chainId: undefined as string | undefined,
  maxLogRange: Infinity,
  down: false,
  logRanges: [] as number[],
  /** eth_call to a function with this selector answers 503 (the provider, not the contract). */
  failCall: undefined as string | undefined,
  /** eth_chainId answers this late (past the request time limit). */
  slowChainIdMs: 0,
};
const proxy = createServer((request, response) => {
  let body = "";
  request.on("data", (chunk: Buffer) => (body += chunk.toString()));
  request.on("end", async () => {
    const call = JSON.parse(body) as { id: number; method: string; params: { fromBlock: string; toBlock: string; data?: string }[] };
    const answer = (result: unknown) =>
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id: call.id, ...result! }));
    if (faults.down) return response.writeHead(503).end("unavailable");
    if (call.method === "eth_chainId" && faults.chainId) return answer({ result: faults.chainId });
    if (call.method === "eth_chainId" && faults.slowChainIdMs) await new Promise((resolve) => setTimeout(resolve, faults.slowChainIdMs));
    if (call.method === "eth_call" && faults.failCall && call.params[0]?.data?.startsWith(faults.failCall)) {
      return response.writeHead(503).end("unavailable");
    }
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
// Short enough for a test to wait out, long enough for a busy machine's ordinary answers.
process.env.CHAIN_REQUEST_TIMEOUT_MS = "3000";

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

  it("a provider that is down: each failure in a row is counted on the contract and waits longer", async () => {
    const address = await chain.deploy("TestERC721", ["Down", "DWN"]);
    const id = await collectionOn(address);
    faults.down = true;
    const before = rpcCounter.requests;
    const outcomes = [];
    try {
      outcomes.push(await sync(address), await sync(address));
    } finally {
      faults.down = false;
    }
    expect(outcomes.map((outcome) => [outcome.state, outcome.failures])).toEqual([
      ["failed", 1],
      ["failed", 2],
    ]);
    // The back-off follows the stored count, whichever worker process made the failures.
    expect(outcomes.map((outcome) => nextDelaySeconds(outcome, 15, outcome.failures ?? 0))).toEqual([30, 60]);
    expect(rpcCounter.requests).toBeGreaterThan(before);
    const failed = await doc(id);
    expect(failed.BlockchainSyncStatus).toBe("Updating");
    expect(failed.BlockchainSyncError).toMatch(/^RPC error: /);
    expect(await sync(address)).toEqual({ state: "synced" });
    const [row] = await queryRows<{ failures: number }>(
      await getDb(),
      sql`SELECT failures FROM chain_contracts WHERE address = ${address.toLowerCase()}`,
    );
    expect(row?.failures).toBe(0);
  });

  it("a slow provider is given up after CHAIN_REQUEST_TIMEOUT_MS, not waited on", async () => {
    const address = await chain.deploy("TestERC721", ["Slow", "SLW"]);
    const id = await collectionOn(address);
    faults.slowChainIdMs = 8_000;
    const started = Date.now();
    try {
      expect((await sync(address)).state).toBe("failed");
    } finally {
      faults.slowChainIdMs = 0;
    }
    // Two URLs, each tried twice by the fallback: well under two slow answers.
    expect(Date.now() - started).toBeLessThan(16_000);
    expect(await doc(id)).toMatchObject({
      BlockchainSyncStatus: "Updating",
      BlockchainSyncError: expect.stringMatching(/^RPC error: .*took too long/),
    });
    expect(await sync(address)).toEqual({ state: "synced" });
  });

  it("an owner() the provider fails to answer keeps the badge: the attempt fails and is retried", async () => {
    const address = await chain.deploy("TestERC721", ["Badge", "BDG"]);
    const id = await collectionOn(address);
    expect(await sync(address)).toEqual({ state: "synced" });
    const owner = ACCOUNTS[0]!.address.toLowerCase();
    await (
      await getDb()
    ).execute(
      sql`UPDATE chain_contracts SET verified_collection_id = ${id}, verified_by = ${owner} WHERE address = ${address.toLowerCase()}`,
    );
    expect(await doc(id)).toMatchObject({ Verified: true, VerifiedBy: owner });

    faults.failCall = toFunctionSelector("owner()");
    try {
      expect(await sync(address)).toMatchObject({ state: "failed", error: expect.stringMatching(/^RPC error: /) });
    } finally {
      faults.failCall = undefined;
    }
    expect(await doc(id)).toMatchObject({ Verified: true, VerifiedBy: owner, BlockchainSyncStatus: "Updating" });
    expect(await sync(address)).toEqual({ state: "synced" });
    expect(await doc(id)).toMatchObject({ Verified: true, VerifiedBy: owner });
  });

  it("a verification whose owner() the provider fails to answer is a 503 saying so, not a refusal", async () => {
    const address = await chain.deploy("TestERC721", ["Unanswered", "UNA"]);
    const id = await collectionOn(address);
    const owner = ACCOUNTS[0]!;
    const post = (path: string, body: unknown) =>
      callRoute(
        new Request(`http://localhost/api-gateway/verification/${path}`, {
          method: "POST",
          headers: { authorization: `Bearer ${caller.key}`, "content-type": "application/json" },
          body: JSON.stringify(body),
        }),
      );
    const { Message } = (await (await post("nonce", { PlatformNFTId: id, Address: owner.address })).json()) as { Message: string };
    faults.failCall = toFunctionSelector("owner()");
    let answer: Response;
    try {
      answer = await post("verify", { PlatformNFTId: id, Message, Signature: await owner.signMessage({ message: Message }) });
    } finally {
      faults.failCall = undefined;
    }
    expect(answer.status).toBe(503);
    expect(answer.headers.get("retry-after")).toBe("30");
    expect(await answer.json()).toMatchObject({ error: "the RPC of Localhost did not answer; nothing was changed: try again" });
    expect(await doc(id)).not.toHaveProperty("Verified");
  });

  it("a flood of events is read a bounded number of logs at a time, and an attempt out of time still moves on", async () => {
    const address = await chain.deploy("HostileNFT");
    for (let block = 0; block < 4; block += 1) await chain.send("HostileNFT", address, "emitMany", [25n]);
    const id = await collectionOn(address);
    faults.logRanges = [];
    const limits = { maxTransfers: 30, budgetMs: 0 };
    const outcomes: string[] = [];
    for (let attempt = 0; attempt < 40 && outcomes.at(-1) !== "synced"; attempt += 1) {
      outcomes.push((await syncContract(LOCALHOST, { chainKey: "localhost", address: address.toLowerCase() }, limits)).state);
    }
    // No time at all: every attempt indexes one range and hands over; the last one is caught up.
    expect(outcomes.at(-1)).toBe("synced");
    expect(outcomes.slice(0, -1).every((state) => state === "behind")).toBe(true);
    expect(outcomes.length).toBeGreaterThan(1);
    expect((await doc(id)).TokenQuantityIssued).toBe(100);
  });
});
