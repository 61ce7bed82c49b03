import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Address } from "viem";
import { chainOfLabel } from "@/lib/schemas/chains";
import { syncContract } from "@/lib/chain/server/sync";
import { walletPerksResponseSchema, type WalletPerkDoc, type WalletPerksResult } from "@/lib/schemas/wallet-perks";
import { createOk, newCaller, validCollection, validPerk, walletPerks, type Caller } from "../support/api";
import { ACCOUNTS, startLocalChain } from "../support/chain";

// The node starts before anything reads the environment, so its URL is this file's Localhost RPC.
// Answers are read exactly (no short search cache): each check follows an awaited sync.
const chain = await startLocalChain();
process.env.CHAIN_RPC_LOCALHOST = chain.url;
process.env.SEARCH_CACHE_MS = "0";
const LOCALHOST = chainOfLabel("Localhost")!;
const [, alice, bob, carol] = ACCOUNTS.map((account) => account.address) as [Address, Address, Address, Address];

let caller: Caller;
beforeAll(async () => {
  caller = await newCaller();
});
afterAll(async () => {
  await chain.stop();
});

const sync = async (address: string) =>
  expect(await syncContract(LOCALHOST, { chainKey: "localhost", address: address.toLowerCase() })).toEqual({ state: "synced" });

/** A collection on `address` with three perks: one without TokensRequired, one needing 2, one for anyone. */
async function collectionWithPerks(address: string, overrides: Record<string, unknown> = {}) {
  const created = await createOk(caller.key, {
    nftData: validCollection({ ContractChain: "Localhost", ContractAddress: address, ...overrides }),
    perkData: [
      { ...validPerk({ ShortDescription: "One token" }), TokensRequired: undefined },
      validPerk({ ShortDescription: "Two tokens", TokensRequired: 2, Tags: ["Events"] }),
      validPerk({ ShortDescription: "Anyone", TokensRequired: 0 }),
    ],
  });
  return created.nftData.PlatformNFTId as string;
}

async function perksOf(wallet: string, params: Record<string, string> = {}, site = false): Promise<WalletPerksResult> {
  const response = await walletPerks(site ? null : caller.key, wallet, params, site);
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(200);
  // The answer is what the document says it is.
  return walletPerksResponseSchema.parse(body);
}

/** "description holds/required" for each doc of `collection`, in order, to compare whole lists. */
const figures = (docs: WalletPerkDoc[], collection: string) =>
  docs
    .filter((doc) => doc.PlatformNFTId === collection)
    .map((doc) => `${doc.ShortDescription} ${doc.Eligibility.Holds}/${doc.Eligibility.TokensRequired}`)
    .sort();

describe("the perks a wallet is eligible for, from the holdings index", () => {
  it("follow mints, transfers and burns, with the figures and the block they are true at", async () => {
    const address = await chain.deploy("TestERC721", ["Eligible", "ELG"]);
    const id = await collectionWithPerks(address);
    await chain.send("TestERC721", address, "mint", [alice, 1n]);

    // Not synced yet: nothing counts, not even the perk for anyone.
    expect(figures((await perksOf(alice)).Docs, id)).toEqual([]);

    await sync(address);
    const head = Number(await chain.blockNumber());
    const first = await perksOf(alice);
    expect(first.Address).toBe(alice);
    expect(figures(first.Docs, id)).toEqual(["Anyone 1/0", "One token 1/1"]);
    expect(figures(first.Close, id)).toEqual(["Two tokens 1/2"]);
    for (const doc of [...first.Docs, ...first.Close]) expect(doc.Eligibility.Block).toBe(head);
    expect(first.Close[0]!.Eligibility.Eligible).toBe(false);
    expect(first.Docs.every((doc) => doc.Eligibility.Eligible)).toBe(true);
    // A wallet holding nothing: the perk for anyone only, and nothing close.
    expect(figures((await perksOf(carol)).Docs, id)).toEqual(["Anyone 0/0"]);
    expect(figures((await perksOf(carol)).Close, id)).toEqual([]);

    await chain.send("TestERC721", address, "mint", [alice, 2n]);
    await sync(address);
    const two = await perksOf(alice);
    expect(figures(two.Docs, id)).toEqual(["Anyone 2/0", "One token 2/1", "Two tokens 2/2"]);
    expect(figures(two.Close, id)).toEqual([]);

    await chain.send("TestERC721", address, "transferFrom", [alice, bob, 2n], 1);
    await sync(address);
    expect(figures((await perksOf(alice)).Docs, id)).toEqual(["Anyone 1/0", "One token 1/1"]);
    expect(figures((await perksOf(bob)).Docs, id)).toEqual(["Anyone 1/0", "One token 1/1"]);
    expect(figures((await perksOf(bob)).Close, id)).toEqual(["Two tokens 1/2"]);

    await chain.send("TestERC721", address, "burn", [1n], 1);
    await sync(address);
    const burned = await perksOf(alice);
    expect(figures(burned.Docs, id)).toEqual(["Anyone 0/0"]);
    expect(figures(burned.Close, id)).toEqual([]);
    expect(burned.Docs.find((doc) => doc.PlatformNFTId === id)!.Eligibility.Block).toBe(Number(await chain.blockNumber()));
  });

  it("sum an ERC-1155 collection's token ids", async () => {
    const address = await chain.deploy("TestERC1155", ["Passes", "PASS"]);
    const id = await collectionWithPerks(address);
    await chain.send("TestERC1155", address, "mintBatch", [carol, [1n, 2n], [1n, 1n]]);
    await sync(address);
    expect(figures((await perksOf(carol)).Docs, id)).toEqual(["Anyone 2/0", "One token 2/1", "Two tokens 2/2"]);
  });

  it("count no collection that is not synced: no RPC for its chain, or a contract never synced", async () => {
    const address = await chain.deploy("TestERC721", ["Unsynced", "UNS"]);
    await chain.send("TestERC721", address, "mint", [alice, 1n]);
    const synced = await collectionWithPerks(address);
    // The same contract named on a chain this process has no RPC for, and a contract never synced.
    const noRpc = await collectionWithPerks(address, { ContractChain: "Ethereum" });
    const other = await chain.deploy("TestERC721", ["Never", "NVR"]);
    await chain.send("TestERC721", other, "mint", [alice, 1n]);
    const never = await collectionWithPerks(other);
    await sync(address);

    const answer = await perksOf(alice);
    expect(figures(answer.Docs, synced)).toEqual(["Anyone 1/0", "One token 1/1"]);
    for (const id of [noRpc, never]) {
      expect(figures(answer.Docs, id)).toEqual([]);
      expect(figures(answer.Close, id)).toEqual([]);
    }
  });

  it("filter and page as the perk search does, and the site's keyless twin answers the same", async () => {
    const address = await chain.deploy("TestERC721", ["Filtered", "FLT"]);
    const id = await collectionWithPerks(address);
    await chain.mine(1);
    await chain.send("TestERC721", address, "mintMany", [bob, 10n, 3n]);
    await sync(address);

    const events = await perksOf(bob, { category: "Events" });
    expect(figures(events.Docs, id)).toEqual(["Two tokens 3/2"]);
    expect(events.Docs.every((doc) => doc.Tags.includes("Events"))).toBe(true);
    expect(figures((await perksOf(bob, { status: "Past" })).Docs, id)).toEqual([]);
    const near = await perksOf(bob, { near: "40.7128,-74.006", radiusKm: "5" });
    expect(near.Docs.filter((doc) => doc.PlatformNFTId === id)).toHaveLength(3);
    expect(near.Docs.every((doc) => typeof doc.DistanceKm === "number")).toBe(true);
    expect((await perksOf(bob, { pageNum: "999" })).Docs).toEqual([]);

    expect(await perksOf(bob, {}, true)).toEqual(await perksOf(bob));
  });

  it("page the perks anyone may have and the perks held tokens give as one list, in the search's order", async () => {
    const [openAddress, heldAddress] = [
      await chain.deploy("TestERC721", ["Open", "OPN"]),
      await chain.deploy("TestERC721", ["Held", "HLD"]),
    ];
    const day = (index: number) => ({ dt: { seconds: 2_082_758_400 + index * 86_400, nanoseconds: 0 }, timeSet: false });
    // 25 perks for anyone on even days, 6 for holders on odd days: a page mixes both.
    await createOk(caller.key, {
      nftData: validCollection({ ContractChain: "Localhost", ContractAddress: openAddress }),
      perkData: Array.from({ length: 25 }, (_, index) =>
        validPerk({ ShortDescription: `zebrafish open ${index}`, TokensRequired: 0, Date: day(2 * index) }),
      ),
    });
    await createOk(caller.key, {
      nftData: validCollection({ ContractChain: "Localhost", ContractAddress: heldAddress }),
      perkData: Array.from({ length: 6 }, (_, index) =>
        validPerk({ ShortDescription: `zebrafish held ${index}`, Date: day(2 * index + 1) }),
      ),
    });
    await chain.send("TestERC721", heldAddress, "mint", [carol, 1n]);
    await sync(openAddress);
    await sync(heldAddress);

    const first = await perksOf(carol, { query: "zebrafish" });
    const second = await perksOf(carol, { query: "zebrafish", pageNum: "2" });
    expect([first.NumPages, second.NumPages]).toEqual([2, 2]);
    const listed = [...first.Docs, ...second.Docs].map((doc) => doc.ShortDescription);
    const expected = [
      ...Array.from({ length: 6 }, (_, index) => [`zebrafish open ${index}`, `zebrafish held ${index}`]).flat(),
      ...Array.from({ length: 19 }, (_, index) => `zebrafish open ${index + 6}`),
    ];
    expect(listed).toEqual(expected);
    expect((await perksOf(bob, { query: "zebrafish" })).Docs.every((doc) => doc.ShortDescription.includes("open"))).toBe(true);
  });

  it("refuse a malformed address with a 400 naming it, and a key route without a key", async () => {
    for (const wallet of ["0x123", "not-an-address", `${alice.slice(0, -1)}Z`, alice.replace(/[a-f]/, (c) => c.toUpperCase())]) {
      const response = await walletPerks(caller.key, wallet);
      expect(response.status, wallet).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(/^address: /);
    }
    const unknown = await walletPerks(caller.key, alice, { chain: "Localhost" });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: string }).error).toContain("chain");
    expect((await walletPerks(caller.key, alice, { radiusKm: "5" })).status).toBe(400);
    // Lower case is any wallet's spelling; the answer names it checksummed.
    expect((await perksOf(alice.toLowerCase())).Address).toBe(alice);
    expect((await walletPerks(null, alice)).status).toBe(401);
    expect((await walletPerks(null, "0x123", {}, true)).status).toBe(400);
  });
});
