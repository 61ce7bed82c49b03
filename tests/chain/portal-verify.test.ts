import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validCollection } from "../support/api";
import { ACCOUNTS, startLocalChain } from "../support/chain";
import { portal, signUp, type Partner } from "../support/portal";
import { callRoute } from "../support/routes";

/* The sync panel's verification: the portal's nonce and verify routes, on the partner's session, run the API's checks. */

// The node starts before anything reads the environment, so its URL is this file's Localhost RPC.
const chain = await startLocalChain();
process.env.CHAIN_RPC_LOCALHOST = chain.url;
const [owner, other] = ACCOUNTS as [(typeof ACCOUNTS)[0], (typeof ACCOUNTS)[0]];
const ORIGIN = "http://localhost";

let partner: Partner;
let stranger: Partner;
beforeAll(async () => {
  [partner, stranger] = [await signUp(), await signUp()];
});
afterAll(async () => {
  await chain.stop();
});

const post = (who: Partner, id: string, step: "nonce" | "verify", body: unknown) =>
  callRoute(
    new Request(`${ORIGIN}/api/portal/collections/${id}/chain/${step}`, {
      method: "POST",
      headers: { cookie: who.cookie, origin: ORIGIN, "content-type": "application/json", "idempotency-key": crypto.randomUUID() },
      body: JSON.stringify(body),
    }),
  );
const facts = async (who: Partner, id: string) =>
  (await (
    await callRoute(new Request(`${ORIGIN}/api/portal/collections/${id}/chain`, { headers: { cookie: who.cookie, origin: ORIGIN } }))
  ).json()) as Record<string, unknown>;

async function save(nftData: Record<string, unknown>): Promise<string> {
  const response = await portal.save({ cookie: partner.cookie }, { nftData });
  expect(response.status).toBe(200);
  return ((await response.json()) as { nftData: { PlatformNFTId: string } }).nftData.PlatformNFTId;
}

async function messageFor(id: string, address: string): Promise<string> {
  const response = await post(partner, id, "nonce", { Address: address });
  expect(response.status).toBe(200);
  return ((await response.json()) as { Message: string }).Message;
}

describe("verification from the portal", () => {
  it("the owner's signature verifies the collection; the facts and the list show who verified it", async () => {
    const address = await chain.deploy("TestERC721", ["Portal Herons", "PHR"]);
    const id = await save(validCollection({ ContractChain: "Localhost", ContractAddress: address }));
    expect(await facts(partner, id)).toMatchObject({ verifiedBy: null, verifiedElsewhere: false });

    const Message = await messageFor(id, owner.address);
    expect(Message).toMatch(/^localhost wants you to sign in with your Ethereum account:/);
    expect(Message).toContain(`for collection ${id}.`);
    const verified = await post(partner, id, "verify", { Message, Signature: await owner.signMessage({ message: Message }) });
    expect(verified.status).toBe(200);
    expect(await verified.json()).toEqual({ PlatformNFTId: id, Verified: true, VerifiedBy: owner.address.toLowerCase() });
    expect(await facts(partner, id)).toMatchObject({ verifiedBy: owner.address.toLowerCase() });

    const list = (await (
      await callRoute(new Request(`${ORIGIN}/api/portal/collections`, { headers: { cookie: partner.cookie, origin: ORIGIN } }))
    ).json()) as { collections: { id: string; verifiedBy: string | null }[] };
    expect(list.collections.find((row) => row.id === id)?.verifiedBy).toBe(owner.address.toLowerCase());

    // A second collection of the contract learns the badge is elsewhere.
    const second = await save(validCollection({ ContractChain: "Localhost", ContractAddress: address }));
    expect(await facts(partner, second)).toMatchObject({ verifiedBy: null, verifiedElsewhere: true });
  });

  it("says why not: another signer is not the owner (403), a bad body is a 400, another team's collection is the portal's 404", async () => {
    const address = await chain.deploy("TestERC721", ["Portal Cranes", "PCR"]);
    const id = await save(validCollection({ ContractChain: "Localhost", ContractAddress: address }));
    const Message = await messageFor(id, other.address);
    const refused = await post(partner, id, "verify", { Message, Signature: await other.signMessage({ message: Message }) });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toMatch(/is not the contract's owner\(\)/);

    const badBody = await post(partner, id, "nonce", { Address: "0x123" });
    expect(badBody.status).toBe(400);
    expect(((await badBody.json()) as { error: string }).error).toMatch(/^Address: must be an EVM address/);
    for (const step of ["nonce", "verify"] as const) {
      const probed = await post(
        stranger,
        id,
        step,
        step === "nonce" ? { Address: owner.address } : { Message, Signature: `0x${"ab".repeat(65)}` },
      );
      expect(probed.status).toBe(404);
      expect(await probed.json()).toMatchObject({ error: `PlatformNFTId: collection "${id}" not found` });
    }
    expect(await facts(partner, id)).toMatchObject({ verifiedBy: null });
  });
});
