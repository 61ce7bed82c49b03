import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Address, Hex } from "viem";
import { chainOfLabel } from "@/lib/schemas/chains";
import { syncContract } from "@/lib/chain/server/sync";
import { walletPerksResponseSchema, type WalletPerkDoc, type WalletPerksResult } from "@/lib/schemas/wallet-perks";
import { createOk, newCaller, validCollection, validPerk, walletPerks, type Caller } from "../support/api";
import { ACCOUNTS, startLocalChain } from "../support/chain";

// Two local nodes before anything reads the environment: this file's Localhost, and a second
// chain standing for Ethereum, where a delegation must not count for Localhost's collections.
// Delegations are read afresh on every request here (DELEGATION_CACHE_MS=0): each check follows a mined delegation.
const chain = await startLocalChain();
const elsewhere = await startLocalChain();
process.env.CHAIN_RPC_LOCALHOST = chain.url;
process.env.CHAIN_RPC_ETHEREUM = elsewhere.url;
process.env.SEARCH_CACHE_MS = "0";
process.env.DELEGATION_CACHE_MS = "0";
const LOCALHOST = chainOfLabel("Localhost")!;
const address = (index: number) => ACCOUNTS[index]!.address as Address;

let caller: Caller;
beforeAll(async () => {
  caller = await newCaller();
  await chain.installRegistry();
  await elsewhere.installRegistry();
});
afterAll(async () => {
  await Promise.all([chain.stop(), elsewhere.stop()]);
});

const sync = async (contract: string) =>
  expect(await syncContract(LOCALHOST, { chainKey: "localhost", address: contract.toLowerCase() })).toEqual({ state: "synced" });

/** A synced collection on a new contract of `name`, with a perk needing 1 token, one needing 2 and one for anyone. */
async function syncedCollection(name: "TestERC721" | "TestERC1155", mint: (contract: Address) => Promise<void>) {
  const contract = await chain.deploy(name, ["Vaulted", "VLT"]);
  const created = await createOk(caller.key, {
    nftData: validCollection({ ContractChain: "Localhost", ContractAddress: contract }),
    perkData: [
      { ...validPerk({ ShortDescription: "One token" }), TokensRequired: undefined },
      validPerk({ ShortDescription: "Two tokens", TokensRequired: 2 }),
      validPerk({ ShortDescription: "Anyone", TokensRequired: 0 }),
    ],
  });
  await mint(contract);
  await sync(contract);
  return { contract, id: created.nftData.PlatformNFTId as string };
}

async function perksOf(wallet: string): Promise<WalletPerksResult> {
  const response = await walletPerks(caller.key, wallet);
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(200);
  return walletPerksResponseSchema.parse(body);
}

/** "description holds/required" for each eligible and close perk of `collection`, sorted. */
const figures = (answer: WalletPerksResult, collection: string) =>
  [...answer.Docs, ...answer.Close]
    .filter((doc) => doc.PlatformNFTId === collection)
    .map((doc) => `${doc.ShortDescription} ${doc.Eligibility.Holds}/${doc.Eligibility.TokensRequired}`)
    .sort();
const vaultsOf = (answer: WalletPerksResult, collection: string) =>
  [...answer.Docs, ...answer.Close]
    .find((doc: WalletPerkDoc) => doc.PlatformNFTId === collection)
    ?.Eligibility.Delegated.map((part) => `${part.Vault} ${part.Holds}`);
const localRead = (answer: WalletPerksResult) => answer.Delegations.find((read) => read.Chain === "Localhost")!;

describe("holdings delegated through the delegate registry count for the delegate wallet", () => {
  it("for all, a contract, an ERC-721 token and an ERC-1155 amount, each part naming its vault, once however many delegations cover it", async () => {
    const [vault, hot] = [4, 5];
    const a = await syncedCollection("TestERC721", async (contract) => {
      await chain.send("TestERC721", contract, "mintMany", [address(vault), 1n, 2n]);
      await chain.send("TestERC721", contract, "mint", [address(hot), 9n]);
    });
    const b = await syncedCollection("TestERC721", (contract) => chain.send("TestERC721", contract, "mintMany", [address(vault), 1n, 2n]));
    const c = await syncedCollection("TestERC1155", (contract) => chain.send("TestERC1155", contract, "mint", [address(vault), 7n, 5n]));
    // Nothing delegated yet: the hot wallet's own token only.
    const before = await perksOf(address(hot));
    expect(figures(before, a.id)).toEqual(["Anyone 1/0", "One token 1/1", "Two tokens 1/2"]);
    expect(figures(before, b.id)).toEqual(["Anyone 0/0"]);
    expect(vaultsOf(before, a.id)).toEqual([]);
    expect(localRead(before)).toEqual({ Chain: "Localhost", Block: Number(await chain.blockNumber()), Delegations: 0 });

    await chain.delegate(vault, "delegateContract", [address(hot), a.contract, true]);
    await chain.delegate(vault, "delegateERC721", [address(hot), b.contract, 1n, true]);
    await chain.delegate(vault, "delegateERC1155", [address(hot), c.contract, 7n, 1n]);
    // From the wallet to itself: ignored (its own token counts once).
    await chain.delegate(hot, "delegateAll", [address(hot), true]);
    const delegated = await perksOf(address(hot));
    expect(figures(delegated, a.id)).toEqual(["Anyone 3/0", "One token 3/1", "Two tokens 3/2"]);
    expect(vaultsOf(delegated, a.id)).toEqual([`${address(vault)} 2`]);
    expect(figures(delegated, b.id)).toEqual(["Anyone 1/0", "One token 1/1", "Two tokens 1/2"]);
    expect(figures(delegated, c.id)).toEqual(["Anyone 1/0", "One token 1/1", "Two tokens 1/2"]);
    const head = Number(await chain.blockNumber());
    expect(localRead(delegated)).toEqual({ Chain: "Localhost", Block: head, Delegations: 3 });
    expect(delegated.Docs.find((doc) => doc.PlatformNFTId === c.id)!.Eligibility.Delegated).toEqual([
      { Vault: address(vault), Holds: 1, Block: head },
    ]);

    // More of the ERC-1155 token than the vault holds counts what it holds; everything, on top of the rest, counts each token once.
    await chain.delegate(vault, "delegateERC1155", [address(hot), c.contract, 7n, 50n]);
    await chain.delegate(vault, "delegateAll", [address(hot), true]);
    const all = await perksOf(address(hot));
    expect(figures(all, a.id)).toEqual(["Anyone 3/0", "One token 3/1", "Two tokens 3/2"]);
    expect(figures(all, b.id)).toEqual(["Anyone 2/0", "One token 2/1", "Two tokens 2/2"]);
    expect(figures(all, c.id)).toEqual(["Anyone 5/0", "One token 5/1", "Two tokens 5/2"]);
    // The vault's own answer is unchanged by what it delegated.
    expect(figures(await perksOf(address(vault)), b.id)).toEqual(["Anyone 2/0", "One token 2/1", "Two tokens 2/2"]);
  });

  it("stop counting once revoked, and never count a delegation made on another chain", async () => {
    const [vault, hot] = [6, 7];
    const a = await syncedCollection("TestERC721", (contract) => chain.send("TestERC721", contract, "mintMany", [address(vault), 1n, 2n]));
    await chain.delegate(vault, "delegateAll", [address(hot), true]);
    expect(figures(await perksOf(address(hot)), a.id)).toEqual(["Anyone 2/0", "One token 2/1", "Two tokens 2/2"]);
    await chain.delegate(vault, "delegateAll", [address(hot), false]);
    const revoked = await perksOf(address(hot));
    expect(figures(revoked, a.id)).toEqual(["Anyone 0/0"]);
    expect(localRead(revoked).Delegations).toBe(0);

    // The same vault delegates everything to the same wallet on the other chain: read there, counted for nothing here.
    await elsewhere.delegate(vault, "delegateAll", [address(hot), true]);
    const other = await perksOf(address(hot));
    expect(figures(other, a.id)).toEqual(["Anyone 0/0"]);
    expect(other.Delegations.find((read) => read.Chain === "Ethereum")).toMatchObject({ Delegations: 1 });
    expect(localRead(other).Delegations).toBe(0);
  });

  it("answer without delegated holdings, saying why, when the registry reverts, answers garbage or is absent", async () => {
    const [vault, hot] = [2, 3];
    const a = await syncedCollection("TestERC721", (contract) => chain.send("TestERC721", contract, "mint", [address(vault), 1n]));
    await chain.delegate(vault, "delegateAll", [address(hot), true]);
    expect(figures(await perksOf(address(hot)), a.id)).toEqual(["Anyone 1/0", "One token 1/1", "Two tokens 1/2"]);

    const codes: [Hex, RegExp][] = [
      // REVERT(0, 0)
      ["0x60006000fd", /reverted/],
      // RETURN 32 bytes of 0xff: an offset no list of delegations has
      [`0x7f${"ff".repeat(32)}60005260206000f3`, /not a list of delegations/],
      ["0x", /no delegate registry answers at 0x00000000000000447e69651d841bD8D104Bed493 on Localhost/],
    ];
    try {
      for (const [code, problem] of codes) {
        await chain.registryCode(code);
        const answer = await perksOf(address(hot));
        expect(figures(answer, a.id)).toEqual(["Anyone 0/0"]);
        expect(localRead(answer)).toMatchObject({ Delegations: 0, Problem: expect.stringMatching(problem) });
      }
    } finally {
      await chain.installRegistry();
    }
    // The registry's storage was kept: the delegation counts again.
    expect(figures(await perksOf(address(hot)), a.id)).toEqual(["Anyone 1/0", "One token 1/1", "Two tokens 1/2"]);
  });
});
