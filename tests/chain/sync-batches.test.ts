import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import type { Address } from "viem";
import { chainOfLabel } from "@/lib/schemas/chains";
import { chainRange, syncContract } from "@/lib/chain/server/sync";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { createOk, newCaller, retrieveOk, validCollection, type Caller } from "../support/api";
import { ACCOUNTS, startLocalChain } from "../support/chain";

// A contract whose every log is an ERC-1155 TransferBatch of 20,000 ids: the sync bounds its
// ranges by decoded transfers, saves a block past the bound in slices, and the flood shrinks no
// other contract's ranges on the chain.
// The sizes of the slices each save received, read where the sync hands them to the store.
const saved: number[][] = [];
vi.mock("@/lib/chain/server/store", async (original) => {
  const real = await original<typeof import("@/lib/chain/server/store")>();
  return {
    ...real,
    saveRange: (key: Parameters<typeof real.saveRange>[0], slices: Iterable<unknown>, ...rest: [never, never]) => {
      const sizes: number[] = [];
      const recorded = (function* () {
        for (const slice of slices) {
          sizes.push(Array.isArray(slice) ? slice.length : 1);
          yield slice;
        }
      })();
      saved.push(sizes);
      return real.saveRange(key, recorded as never, ...rest);
    },
  };
});

const chain = await startLocalChain();
process.env.CHAIN_RPC_LOCALHOST = chain.url;
const LOCALHOST = chainOfLabel("Localhost")!;
const IDS = 20_000;
const BLOCKS = 3;

let caller: Caller;
beforeAll(async () => {
  caller = await newCaller();
});
afterAll(async () => {
  await chain.stop();
});

const collectionOn = async (address: Address) =>
  (await createOk(caller.key, { nftData: validCollection({ ContractChain: "Localhost", ContractAddress: address }) })).nftData
    .PlatformNFTId as string;
const sync = (address: Address) =>
  syncContract(LOCALHOST, { chainKey: "localhost", address: address.toLowerCase() }, { budgetMs: 600_000 });

describe("a contract emitting batches of 20,000 ids", () => {
  it("is indexed whole, a bounded slice of transfers at a time, and leaves the chain's range to other contracts", async () => {
    const flood = await chain.deploy("FloodERC1155");
    for (let block = 0; block < BLOCKS; block += 1)
      await chain.send("FloodERC1155", flood, "emitBatch", [BigInt(block * IDS), BigInt(IDS)]);
    const floodId = await collectionOn(flood);
    const quiet = await chain.deploy("TestERC721", ["Quiet Otters", "QOT"]);
    await chain.send("TestERC721", quiet, "mint", [ACCOUNTS[1]!.address, 1n]);
    const quietId = await collectionOn(quiet);

    const rangeBefore = chainRange(LOCALHOST);
    saved.length = 0;
    expect(await sync(flood)).toEqual({ state: "synced" });
    // No slice held more than the bound, and each 20,000-id block went in four.
    expect(Math.max(...saved.flat())).toBe(5_000);
    expect(saved.filter((sizes) => sizes.length > 0)).toEqual(Array.from({ length: BLOCKS }, () => [5_000, 5_000, 5_000, 5_000]));
    // Each block holds 20,000 transfers, past the bound (5,000): the flood's ranges shrank to single
    // blocks, saved in slices; the chain's range for every other contract did not move.
    expect(chainRange(LOCALHOST)).toBe(rangeBefore);
    const [counted] = await queryRows<{ n: number }>(
      await getDb(),
      sql`SELECT count(*)::int AS n FROM chain_transfers WHERE address = ${flood.toLowerCase()}`,
    );
    expect(counted!.n).toBe(IDS * BLOCKS);
    expect((await retrieveOk(caller.key, floodId)).nftData.TokenQuantityIssued).toBe(IDS * BLOCKS);

    expect(await sync(quiet)).toEqual({ state: "synced" });
    expect((await retrieveOk(caller.key, quietId)).nftData.TokenQuantityIssued).toBe(1);
  }, 600_000);
});
