import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Address } from "viem";
import { chainOfLabel } from "@/lib/schemas/chains";
import { syncContract } from "@/lib/chain/server/sync";
import { getDb } from "@/lib/db/client";
import { createOk, newCaller, retrieveOk, search, validCollection, type Caller } from "../support/api";
import { ACCOUNTS, startLocalChain } from "../support/chain";
import { callRoute } from "../support/routes";

// The node starts before anything reads the environment, so its URL is this file's Localhost RPC.
const chain = await startLocalChain();
process.env.CHAIN_RPC_LOCALHOST = chain.url;
const [ownerAccount, otherAccount] = ACCOUNTS as [(typeof ACCOUNTS)[0], (typeof ACCOUNTS)[0]];
const BASE = "http://localhost/api-gateway/verification";

let caller: Caller;
let stranger: Caller;
beforeAll(async () => {
  [caller, stranger] = [await newCaller(), await newCaller()];
});
afterAll(async () => {
  await chain.stop();
});

const post = (who: Caller, path: string, body: unknown, base = BASE) =>
  callRoute(
    new Request(`${base}/${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${who.key}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
  );

async function nonceFor(who: Caller, id: string, address: Address) {
  const response = await post(who, "nonce", { PlatformNFTId: id, Address: address });
  expect(response.status).toBe(200);
  return (await response.json()) as { Nonce: string; Message: string; ExpiresAt: string };
}

async function collectionOn(address: string, who = caller) {
  const created = await createOk(who.key, { nftData: validCollection({ ContractChain: "Localhost", ContractAddress: address }) });
  return created.nftData.PlatformNFTId as string;
}

describe("verification by the contract's owner (Sign-In with Ethereum)", () => {
  it("the owner's signature gives the collection Verified and VerifiedBy, in retrieval and search; the message works once", async () => {
    const address = await chain.deploy("TestERC721", ["Verified Otters", "VOT"]);
    const id = await collectionOn(address);
    const { Message } = await nonceFor(caller, id, ownerAccount.address);
    expect(Message).toContain(`on Localhost for collection ${id}`);
    expect(Message).toContain("Chain ID: 31337");
    const Signature = await ownerAccount.signMessage({ message: Message });

    const verified = await post(caller, "verify", { PlatformNFTId: id, Message, Signature });
    expect(verified.status).toBe(200);
    expect(await verified.json()).toEqual({ PlatformNFTId: id, Verified: true, VerifiedBy: ownerAccount.address.toLowerCase() });
    const doc = (await retrieveOk(caller.key, id)).nftData;
    expect(doc).toMatchObject({ Verified: true, VerifiedBy: ownerAccount.address.toLowerCase(), Version: 1 });
    const found = (await (await search(caller.key, { query: "Otters" })).json()) as { Docs: Record<string, unknown>[] };
    expect(found.Docs.find((candidate) => candidate.PlatformNFTId === id)).toMatchObject({ Verified: true });

    const replayed = await post(caller, "verify", { PlatformNFTId: id, Message, Signature });
    expect(replayed.status).toBe(400);
    expect(((await replayed.json()) as { error: string }).error).toMatch(/nonce is unknown, expired or already used/);
  });

  it("refuses a non-owner (403), a forged signature (401), a wrong domain and an expired nonce (400), another's collection (403)", async () => {
    const address = await chain.deploy("TestERC721", ["Guarded", "GRD"]);
    const id = await collectionOn(address);

    const byOther = await nonceFor(caller, id, otherAccount.address);
    const notOwner = await post(caller, "verify", {
      PlatformNFTId: id,
      Message: byOther.Message,
      Signature: await otherAccount.signMessage({ message: byOther.Message }),
    });
    expect(notOwner.status).toBe(403);
    expect(((await notOwner.json()) as { error: string }).error).toMatch(/is not the contract's owner\(\)/);

    const forged = await nonceFor(caller, id, ownerAccount.address);
    const wrongSigner = await post(caller, "verify", {
      PlatformNFTId: id,
      Message: forged.Message,
      Signature: await otherAccount.signMessage({ message: forged.Message }),
    });
    expect(wrongSigner.status).toBe(401);

    const elsewhere = await nonceFor(caller, id, ownerAccount.address);
    const otherHost = await post(
      caller,
      "verify",
      { PlatformNFTId: id, Message: elsewhere.Message, Signature: await ownerAccount.signMessage({ message: elsewhere.Message }) },
      "http://evil.example/api-gateway/verification",
    );
    expect(otherHost.status).toBe(400);
    expect(((await otherHost.json()) as { error: string }).error).toMatch(/domain is localhost, not evil\.example/);

    const late = await nonceFor(caller, id, ownerAccount.address);
    await (
      await getDb()
    ).execute(sql`UPDATE chain_verification_nonces SET expires_at = now() - interval '1 second' WHERE nonce = ${late.Nonce}`);
    const expired = await post(caller, "verify", {
      PlatformNFTId: id,
      Message: late.Message,
      Signature: await ownerAccount.signMessage({ message: late.Message }),
    });
    expect(expired.status).toBe(400);

    expect((await post(stranger, "nonce", { PlatformNFTId: id, Address: ownerAccount.address })).status).toBe(403);
    expect((await retrieveOk(caller.key, id)).nftData).not.toHaveProperty("Verified");
  });

  it("one collection per contract holds the badge, and a sync drops it when ownership moved", async () => {
    const address = await chain.deploy("TestERC721", ["Moving", "MOV"]);
    const first = await collectionOn(address);
    const second = await collectionOn(address, stranger);
    for (const [who, id] of [
      [caller, first],
      [stranger, second],
    ] as const) {
      const { Message } = await nonceFor(who, id, ownerAccount.address);
      expect(
        (await post(who, "verify", { PlatformNFTId: id, Message, Signature: await ownerAccount.signMessage({ message: Message }) })).status,
      ).toBe(200);
    }
    expect((await retrieveOk(caller.key, first)).nftData).not.toHaveProperty("Verified");
    expect((await retrieveOk(stranger.key, second)).nftData).toMatchObject({ Verified: true });
    // Search follows the badge (verified=1); a page size of its own keeps each answer out of the other's cache entry.
    const verifiedIds = async (pageSize: number) =>
      ((await (await search(caller.key, { verified: 1, pageSize })).json()) as { Docs: { PlatformNFTId: string }[] }).Docs.map(
        (doc) => doc.PlatformNFTId,
      );
    expect(await verifiedIds(99)).toContain(second);
    expect(await verifiedIds(99)).not.toContain(first);

    await chain.send("TestERC721", address, "transferOwnership", [otherAccount.address]);
    await syncContract(chainOfLabel("Localhost")!, { chainKey: "localhost", address: address.toLowerCase() });
    expect((await retrieveOk(stranger.key, second)).nftData).not.toHaveProperty("Verified");
    expect(await verifiedIds(98)).not.toContain(second);
  });

  it("a smart-contract wallet that owns the contract verifies through ERC-1271; a signature its signer did not make is refused", async () => {
    const address = await chain.deploy("TestERC721", ["Wallet Owned", "WLT"]);
    const wallet = await chain.deploy("TestSmartWallet", [ownerAccount.address]);
    await chain.send("TestERC721", address, "transferOwnership", [wallet]);
    const id = await collectionOn(address);

    const forged = await nonceFor(caller, id, wallet);
    const refused = await post(caller, "verify", {
      PlatformNFTId: id,
      Message: forged.Message,
      Signature: await otherAccount.signMessage({ message: forged.Message }),
    });
    expect(refused.status).toBe(401);

    // The wallet's signer signs; the wallet (the contract's owner) vouches for it on chain.
    const { Message } = await nonceFor(caller, id, wallet);
    const verified = await post(caller, "verify", {
      PlatformNFTId: id,
      Message,
      Signature: await ownerAccount.signMessage({ message: Message }),
    });
    expect(verified.status).toBe(200);
    expect(await verified.json()).toEqual({ PlatformNFTId: id, Verified: true, VerifiedBy: wallet.toLowerCase() });
    expect((await retrieveOk(caller.key, id)).nftData).toMatchObject({ Verified: true, VerifiedBy: wallet.toLowerCase() });
  });

  it("a collection that cannot be synced cannot be verified, and says why", async () => {
    const id = (await createOk(caller.key, { nftData: validCollection({ ContractChain: "Solana", ContractAddress: "So1ana" }) })).nftData
      .PlatformNFTId;
    const refused = await post(caller, "nonce", { PlatformNFTId: id, Address: ownerAccount.address });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: 'PlatformNFTId: cannot be verified: not synced: "Solana" is not an EVM chain the service syncs',
    });
  });
});
