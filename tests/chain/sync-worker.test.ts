import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Address } from "viem";
import { startSyncWorker, type SyncWorker } from "@/lib/chain/server/worker";
import { createOk, newCaller, retrieveOk, validCollection, type Caller } from "../support/api";
import { ACCOUNTS, startLocalChain } from "../support/chain";

// The node starts before anything reads the environment, so its URL is this file's Localhost RPC.
const chain = await startLocalChain();
process.env.CHAIN_RPC_LOCALHOST = chain.url;
const alice = ACCOUNTS[1]!.address as Address;

let caller: Caller;
let worker: SyncWorker;
beforeAll(async () => {
  caller = await newCaller();
  worker = await startSyncWorker({ intervalSeconds: 1, pollingIntervalSeconds: 0.5 });
});
afterAll(async () => {
  await worker.stop();
  await chain.stop();
});

/** Retrieval, read again until `check` holds: waits on what the server answers. */
async function until(id: string, check: (doc: Record<string, unknown>) => boolean) {
  return vi.waitFor(
    async () => {
      const { nftData } = await retrieveOk(caller.key, id);
      if (!check(nftData)) throw new Error(`not yet: ${JSON.stringify(nftData).slice(0, 300)}`);
      return nftData;
    },
    { timeout: 45_000, interval: 200 },
  );
}

describe("the sync job on the PostgreSQL queue", () => {
  it("runs when a collection gets a contract, follows new blocks, and never raises the collection's Version", async () => {
    const address = await chain.deploy("TestERC721", ["Followed", "FLW"]);
    await chain.send("TestERC721", address, "mint", [alice, 1n]);
    const created = await createOk(caller.key, { nftData: validCollection({ ContractChain: "Localhost", ContractAddress: address }) });
    const id = created.nftData.PlatformNFTId as string;

    const synced = await until(id, (doc) => doc.BlockchainSyncStatus === "Synced");
    expect(synced).toMatchObject({ TokenQuantityIssued: 1, Version: 1 });

    await chain.send("TestERC721", address, "mint", [alice, 2n]);
    const followed = await until(id, (doc) => doc.TokenQuantityIssued === 2);
    // The sync changed what retrieval says without a write: the partner's next edit with the Version it read still applies.
    expect(followed.Version).toBe(1);
    const edit = await createOk(caller.key, {
      nftData: {
        ...validCollection({ ContractChain: "Localhost", ContractAddress: address, Title: "Followed, renamed" }),
        PlatformNFTId: id,
        Version: 1,
      },
    });
    expect(edit.nftData.Version).toBe(2);
  });

  it("an edit that changes the contract syncs the new one", async () => {
    const first = await chain.deploy("TestERC721", ["First", "ONE"]);
    const second = await chain.deploy("TestERC1155", ["Second", "TWO"]);
    await chain.send("TestERC1155", second, "mint", [alice, 1n, 7n]);
    const created = await createOk(caller.key, { nftData: validCollection({ ContractChain: "Localhost", ContractAddress: first }) });
    const id = created.nftData.PlatformNFTId as string;
    await until(id, (doc) => doc.BlockchainSyncStatus === "Synced");

    await createOk(caller.key, {
      nftData: { ...validCollection({ ContractChain: "Localhost", ContractAddress: second }), PlatformNFTId: id, Version: 1 },
    });
    // The counts of a range land before the attempt marks the contract caught up: wait for both.
    const moved = await until(id, (doc) => doc.TokenQuantityIssued === 7 && doc.BlockchainSyncStatus === "Synced");
    expect(moved.Version).toBe(2);
  });
});
