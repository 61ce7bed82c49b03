import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Address } from "viem";
import { chainOfLabel } from "@/lib/schemas/chains";
import { queueEveryContract } from "@/lib/chain/server/queue";
import { syncContract } from "@/lib/chain/server/sync";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { createOk, newCaller, retrieveOk, search, validCollection, type Caller } from "../support/api";
import { ACCOUNTS, startLocalChain } from "../support/chain";

// The node starts before anything reads the environment, so its URL is this file's Localhost RPC.
const chain = await startLocalChain();
process.env.CHAIN_RPC_LOCALHOST = chain.url;
const LOCALHOST = chainOfLabel("Localhost")!;
const [owner, alice, bob] = ACCOUNTS.map((account) => account.address) as [Address, Address, Address];

let caller: Caller;
beforeAll(async () => {
  caller = await newCaller();
});
afterAll(async () => {
  await chain.stop();
});

/** Creates a collection naming `address` on Localhost and returns its id. */
async function collectionOn(address: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const created = await createOk(caller.key, {
    nftData: validCollection({ ContractChain: "localhost", ContractAddress: address, ...overrides }),
  });
  return created.nftData.PlatformNFTId as string;
}

const sync = (address: string) => syncContract(LOCALHOST, { chainKey: "localhost", address: address.toLowerCase() });

async function syncedDoc(id: string) {
  return (await retrieveOk(caller.key, id)).nftData;
}

describe("an ERC-721 collection synced from the local chain", () => {
  it("mints, transfers and burns show in TokenQuantityIssued, the cursor and the status", async () => {
    const address = await chain.deploy("TestERC721", ["Otters", "OTR"]);
    const id = await collectionOn(address, { TokenQuantityIssued: 999 });

    // Before any sync: pending, nothing indexed, the label stored in the table's spelling.
    const pending = await syncedDoc(id);
    expect(pending).toMatchObject({ ContractChain: "Localhost", BlockchainSyncStatus: "Updating", BlockchainSyncLocation: "" });
    expect(pending).not.toHaveProperty("BlockchainSyncError");

    for (const tokenId of [1n, 2n, 3n]) await chain.send("TestERC721", address, "mint", [alice, tokenId]);
    await chain.send("TestERC721", address, "transferFrom", [alice, bob, 2n], 1);
    await chain.send("TestERC721", address, "burn", [3n], 1);

    expect(await sync(address)).toEqual({ state: "synced" });
    const head = await chain.blockNumber();
    const block = await chain.client.getBlock({ blockNumber: head });
    const doc = await syncedDoc(id);
    expect(doc).toMatchObject({
      BlockchainSyncStatus: "Synced",
      BlockchainSyncLocation: `eip155:31337:${head}:${block.hash}`,
      // 3 minted − 1 burned; the 999 sent is ignored once the chain says otherwise.
      TokenQuantityIssued: 2,
    });
    expect(doc).not.toHaveProperty("BlockchainSyncError");

    // A later mint is followed by the next sync, from the cursor on.
    await chain.send("TestERC721", address, "mint", [owner, 10n]);
    await sync(address);
    expect((await syncedDoc(id)).TokenQuantityIssued).toBe(3);
  });

  it("a reorg rewinds the index to the chain as it now is", async () => {
    const address = await chain.deploy("TestERC721", ["Reorg", "RRG"]);
    const id = await collectionOn(address);
    await chain.send("TestERC721", address, "mint", [alice, 1n]);
    await sync(address);
    const snapshot = await chain.snapshot();
    await chain.send("TestERC721", address, "mint", [alice, 2n]);
    await chain.send("TestERC721", address, "mint", [bob, 3n]);
    await sync(address);
    expect((await syncedDoc(id)).TokenQuantityIssued).toBe(3);

    // The two mints leave the chain; another block takes the place of the first of them.
    await chain.revert(snapshot);
    await chain.send("TestERC721", address, "burn", [1n], 1);
    expect(await sync(address)).toEqual({ state: "synced" });
    const head = await chain.blockNumber();
    const block = await chain.client.getBlock({ blockNumber: head });
    expect(await syncedDoc(id)).toMatchObject({
      TokenQuantityIssued: 0,
      BlockchainSyncStatus: "Synced",
      BlockchainSyncLocation: `eip155:31337:${head}:${block.hash}`,
    });
  });

  it("ERC-1155 single and batch transfers count every unit, and burns subtract", async () => {
    const address = await chain.deploy("TestERC1155", ["Passes", "PASS"]);
    const id = await collectionOn(address);
    await chain.send("TestERC1155", address, "mint", [alice, 1n, 5n]);
    await chain.send("TestERC1155", address, "mintBatch", [bob, [2n, 3n], [10n, 20n]]);
    await chain.send("TestERC1155", address, "burnBatch", [bob, [2n, 3n], [1n, 2n]], 2);
    await chain.send("TestERC1155", address, "safeTransferFrom", [alice, bob, 1n, 2n, "0x"], 1);
    await sync(address);
    expect(await syncedDoc(id)).toMatchObject({ TokenQuantityIssued: 5 + 30 - 3, BlockchainSyncStatus: "Synced" });
  });

  it("two attempts at one contract at once (a job handed out again while the first still runs) count every transfer once", async () => {
    const address = await chain.deploy("TestERC721", ["Twice", "TWC"]);
    const id = await collectionOn(address);
    for (const tokenId of [1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n]) await chain.send("TestERC721", address, "mint", [alice, tokenId]);
    const key = { chainKey: "localhost", address: address.toLowerCase() };
    // Small ranges: the two attempts interleave range by range.
    const outcomes = await Promise.all([syncContract(LOCALHOST, key, { maxRange: 2 }), syncContract(LOCALHOST, key, { maxRange: 2 })]);
    expect(outcomes.map((outcome) => outcome.state)).toContain("synced");
    if (outcomes.some((outcome) => outcome.state !== "synced")) expect(await sync(address)).toEqual({ state: "synced" });
    expect(await syncedDoc(id)).toMatchObject({ TokenQuantityIssued: 8, BlockchainSyncStatus: "Synced" });
    const [holdings] = await queryRows<{ amount: string }>(
      await getDb(),
      sql`SELECT sum(amount)::text AS amount FROM chain_holdings WHERE address = ${address.toLowerCase()}`,
    );
    expect(holdings?.amount).toBe("8");
  });

  it("two collections naming one contract share one index", async () => {
    const address = await chain.deploy("TestERC721Enumerable", ["Shared", "SHR"]);
    const first = await collectionOn(address);
    const second = await collectionOn(address.toLowerCase(), { Title: "Shared twice" });
    await chain.send("TestERC721Enumerable", address, "mint", [alice, 7n]);
    await sync(address);
    const [a, b] = [await syncedDoc(first), await syncedDoc(second)];
    expect(a.TokenQuantityIssued).toBe(1);
    expect(b.BlockchainSyncLocation).toBe(a.BlockchainSyncLocation);
  });
});

describe("collections that are not synced say why", () => {
  it("a contract that is not an NFT", async () => {
    const address = await chain.deploy("TestERC20");
    await chain.send("TestERC20", address, "mint", [alice, 1000n]);
    const id = await collectionOn(address, { TokenQuantityIssued: 4 });
    expect((await sync(address)).state).toBe("failed");
    const doc = await syncedDoc(id);
    expect(doc).toMatchObject({ BlockchainSyncStatus: "Updating", TokenQuantityIssued: 4 });
    expect(doc.BlockchainSyncError).toMatch(/not an NFT contract/);
  });

  it("an address without code", async () => {
    const id = await collectionOn(bob);
    expect((await sync(bob)).state).toBe("failed");
    expect((await syncedDoc(id)).BlockchainSyncError).toMatch(/no contract code/);
  });

  it("a hostile contract: a 100 KB name is cut, reverting reads are left out, its events still count", async () => {
    const address = await chain.deploy("HostileNFT");
    await chain.send("HostileNFT", address, "emitMany", [30n]);
    const id = await collectionOn(address);
    expect(await sync(address)).toEqual({ state: "synced" });
    expect((await syncedDoc(id)).TokenQuantityIssued).toBe(30);
    const stored = await queryRows(
      await getDb(),
      sql`SELECT standard, name, symbol, owner FROM chain_contracts WHERE address = ${address.toLowerCase()}`,
    );
    expect(stored).toEqual([{ standard: "ERC721", name: "A".repeat(200), symbol: null, owner: null }]);
  });

  it("a chain without RPC, a label the service does not sync, an address that is not one, no address", async () => {
    const noRpc = await syncedDoc(await collectionOn(bob, { ContractChain: "ethereum" }));
    expect(noRpc).toMatchObject({ ContractChain: "Ethereum", BlockchainSyncStatus: "Updating", BlockchainSyncLocation: "" });
    expect(noRpc.BlockchainSyncError).toMatch(/no RPC is configured for Ethereum \(CHAIN_RPC_ETHEREUM\)/);

    const solana = await syncedDoc(await collectionOn("So1anaAddre55", { ContractChain: "Solana" }));
    expect(solana).toMatchObject({ ContractChain: "Solana", BlockchainSyncStatus: "Updating" });
    expect(solana.BlockchainSyncError).toMatch(/"Solana" is not an EVM chain/);

    const short = await syncedDoc(await collectionOn("0x123"));
    expect(short.BlockchainSyncError).toMatch(/"0x123" is not an EVM address/);

    const badChecksum = await syncedDoc(
      await collectionOn(`0x${alice.slice(2, 3).toLowerCase() === alice.slice(2, 3) ? "A" : "a"}${alice.slice(3)}`),
    );
    expect(badChecksum.BlockchainSyncError).toMatch(/EIP-55 checksum/);

    const none = await syncedDoc(await collectionOn("", { ContractAddress: undefined }));
    expect(none).toMatchObject({ BlockchainSyncStatus: "Synced", BlockchainSyncLocation: "" });
    expect(none).not.toHaveProperty("BlockchainSyncError");
  });

  it("search docs carry the same sync fields as retrieval", async () => {
    const address = await chain.deploy("TestERC721", ["Searchable Walruses", "WAL"]);
    const id = await collectionOn(address, { Title: "Searchable Walruses" });
    await chain.send("TestERC721", address, "mint", [alice, 1n]);
    await sync(address);
    const response = await search(caller.key, { query: "Walruses" });
    const body = (await response.json()) as { Docs: Record<string, unknown>[] };
    const doc = body.Docs.find((candidate) => candidate.PlatformNFTId === id);
    const retrieved = await syncedDoc(id);
    expect(doc).toMatchObject({
      BlockchainSyncStatus: retrieved.BlockchainSyncStatus,
      BlockchainSyncLocation: retrieved.BlockchainSyncLocation,
      TokenQuantityIssued: 1,
    });
  });
});

describe("the sweep", () => {
  /** The contract's waiting sync jobs (no worker runs in this file: jobs stay where they are put). */
  async function waiting(address: string) {
    return queryRows<{ due: boolean }>(
      await getDb(),
      sql`SELECT start_after <= now() AS due FROM pgboss.job
           WHERE name = 'chain-sync' AND singleton_key = ${`localhost:${address.toLowerCase()}`} AND state = 'created'`,
    );
  }

  it("gives a contract whose follow-up was lost a job, and leaves a waiting one as it is", async () => {
    const address = await chain.deploy("TestERC721", ["Swept", "SWP"]);
    await collectionOn(address);
    expect(await waiting(address)).toEqual([{ due: true }]);

    // Lost: say its job failed past pg-boss's retries while the database was down.
    await (await getDb()).execute(sql`DELETE FROM pgboss.job WHERE singleton_key = ${`localhost:${address.toLowerCase()}`}`);
    await queueEveryContract({ unlessWaiting: true });
    expect(await waiting(address)).toEqual([{ due: true }]);

    // A follow-up waiting for its interval is not brought forward by the sweep, only by a start-up.
    await (
      await getDb()
    ).execute(
      sql`UPDATE pgboss.job SET start_after = now() + interval '1 hour' WHERE singleton_key = ${`localhost:${address.toLowerCase()}`}`,
    );
    await queueEveryContract({ unlessWaiting: true });
    expect(await waiting(address)).toEqual([{ due: false }]);
    await queueEveryContract();
    expect(await waiting(address)).toEqual([{ due: true }]);
  });

  it("queues only contracts on a chain with an RPC, whatever spelling a write sent", async () => {
    const elsewhere = await chain.deploy("TestERC721", ["Elsewhere", "ELS"]);
    // The same contract on a chain this file configures no RPC for, and on one the service does not know: stored, never queued.
    await collectionOn(elsewhere, { ContractChain: "ethereum" });
    await collectionOn(elsewhere, { ContractChain: "Some other chain" });
    const here = await chain.deploy("TestERC721", ["Here", "HRE"]);
    await collectionOn(here, { ContractChain: " LOCALHOST " });

    const db = await getDb();
    await db.execute(sql`DELETE FROM pgboss.job WHERE name = 'chain-sync'`);
    const queued = await queueEveryContract();
    const keys = (
      await queryRows<{ key: string }>(db, sql`SELECT singleton_key AS key FROM pgboss.job WHERE name = 'chain-sync' AND state = 'created'`)
    ).map((row) => row.key);
    expect(keys).toContain(`localhost:${here.toLowerCase()}`);
    expect(keys).not.toContain(`localhost:${elsewhere.toLowerCase()}`);
    expect(keys.filter((key) => !key.startsWith("localhost:"))).toEqual([]);
    expect(queued).toBe(new Set(keys).size);
  });
});
