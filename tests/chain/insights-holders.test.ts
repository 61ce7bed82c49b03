import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syncContract } from "@/lib/chain/server/sync";
import { chainOfLabel } from "@/lib/schemas/chains";
import { authHeaders, createOk, newCaller, validCollection, validPerk, walletPerks, type Caller } from "../support/api";
import { ACCOUNTS, startLocalChain } from "../support/chain";
import { claimOk, ORIGIN, signIn, type Account } from "../support/holders";
import { storedCounts } from "../support/insight-counts";
import { callRoute } from "../support/routes";

// The node starts before anything reads the environment, so its URL is this file's Localhost RPC.
const chain = await startLocalChain();
process.env.CHAIN_RPC_LOCALHOST = chain.url;
const LOCALHOST = chainOfLabel("Localhost")!;
const [, alice, bob] = ACCOUNTS as [Account, Account, Account];

let partner: Caller;
beforeAll(async () => {
  partner = await newCaller();
});
afterAll(async () => {
  await chain.stop();
});

describe("insights of holders' use", () => {
  it("counts a perk eligible on wallet lookups (API and site), its claims once, and its redemptions", async () => {
    const contract = await chain.deploy("TestERC721", ["Counted", "CNT"]);
    const created = await createOk(partner.key, {
      nftData: validCollection({ ContractChain: "Localhost", ContractAddress: contract }),
      perkData: [validPerk({ ShortDescription: "Counted hoodie", OneTime: false })],
    });
    const id = created.nftData.PlatformNFTId as string;
    const perk = created.perkData[0].PlatformPerkId as string;
    await chain.send("TestERC721", contract, "mint", [alice.address, 1n]);
    await chain.send("TestERC721", contract, "mint", [bob.address, 2n]);
    expect(await syncContract(LOCALHOST, { chainKey: "localhost", address: contract.toLowerCase() })).toEqual({ state: "synced" });

    // Alice's wallet on the API and on the site's own route, Bob's once: three eligible appearances.
    const lookups = [
      walletPerks(partner.key, alice.address),
      walletPerks(null, alice.address, {}, true),
      walletPerks(partner.key, bob.address),
    ];
    for (const response of await Promise.all(lookups)) {
      expect(response.status).toBe(200);
      expect((await response.json()).Docs.map((doc: { PlatformPerkId: string }) => doc.PlatformPerkId)).toEqual([perk]);
    }

    // Two wallets claim; Alice asks again and gets the same code, which is not a second claim.
    const aliceIn = await signIn(alice, LOCALHOST.id);
    const first = await claimOk(aliceIn, { PlatformPerkId: perk, Address: alice.address });
    expect((await claimOk(aliceIn, { PlatformPerkId: perk, Address: alice.address })).Code).toBe(first.Code);
    await claimOk(await signIn(bob, LOCALHOST.id), { PlatformPerkId: perk, Address: bob.address });

    // The partner redeems Alice's code; a second redeem is a 409 and not counted.
    const redeem = () =>
      callRoute(
        new Request(`${ORIGIN}/api-gateway/claims/redeem`, {
          method: "POST",
          headers: { ...authHeaders(partner.key), "content-type": "application/json" },
          body: JSON.stringify({ Code: first.Code }),
        }),
      );
    expect((await redeem()).status).toBe(200);
    expect((await redeem()).status).toBe(409);

    expect(await storedCounts(id)).toEqual({ [`wallet:${perk}`]: 3, [`claims:${perk}`]: 2, [`redemptions:${perk}`]: 1 });
  });
});
