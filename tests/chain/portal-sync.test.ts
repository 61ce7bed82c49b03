import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Address } from "viem";
import { startSyncWorker, type SyncWorker } from "@/lib/chain/server/worker";
import { validCollection } from "../support/api";
import { ACCOUNTS, startLocalChain } from "../support/chain";
import { portal, signUp, type Partner } from "../support/portal";
import { callRoute } from "../support/routes";

// The node starts before anything reads the environment, so its URL is this file's Localhost RPC.
const chain = await startLocalChain();
process.env.CHAIN_RPC_LOCALHOST = chain.url;
const [owner, alice] = ACCOUNTS.map((account) => account.address) as [Address, Address];
const ORIGIN = "http://localhost";

let partner: Partner;
let other: Partner;
let worker: SyncWorker;
beforeAll(async () => {
  [partner, other] = [await signUp(), await signUp()];
  // Long follow-up interval: after the first attempt, only "Sync now" brings the next one forward.
  worker = await startSyncWorker({ intervalSeconds: 3600, pollingIntervalSeconds: 0.5 });
});
afterAll(async () => {
  await worker.stop();
  await chain.stop();
});

const facts = (who: Partner, id: string) =>
  callRoute(new Request(`${ORIGIN}/api/portal/collections/${id}/chain`, { headers: { cookie: who.cookie, origin: ORIGIN } }));
const syncNow = (who: Partner, id: string) =>
  callRoute(
    new Request(`${ORIGIN}/api/portal/collections/${id}/chain/sync`, {
      method: "POST",
      headers: { cookie: who.cookie, origin: ORIGIN, "idempotency-key": crypto.randomUUID() },
    }),
  );

async function save(who: Partner, nftData: Record<string, unknown>): Promise<string> {
  const response = await portal.save({ cookie: who.cookie }, { nftData });
  expect(response.status).toBe(200);
  return ((await response.json()) as { nftData: { PlatformNFTId: string } }).nftData.PlatformNFTId;
}

async function factsUntil(id: string, check: (body: Record<string, unknown>) => boolean) {
  return vi.waitFor(
    async () => {
      const body = (await (await facts(partner, id)).json()) as Record<string, unknown>;
      if (!check(body)) throw new Error(`not yet: ${JSON.stringify(body)}`);
      return body;
    },
    { timeout: 45_000, interval: 200 },
  );
}

describe("the portal's sync panel", () => {
  it("shows what the chain says, and Sync now brings the next attempt forward", async () => {
    const address = await chain.deploy("TestERC721", ["Panel Otters", "POT"]);
    await chain.send("TestERC721", address, "mint", [alice, 1n]);
    await chain.send("TestERC721", address, "mint", [alice, 2n]);
    const id = await save(partner, validCollection({ ContractChain: "Localhost", ContractAddress: address }));

    const synced = await factsUntil(id, (body) => body.status === "Synced");
    expect(synced).toMatchObject({
      chain: "Localhost",
      standard: "ERC721",
      name: "Panel Otters",
      symbol: "POT",
      owner: owner.toLowerCase(),
      tokensIssued: 2,
      holders: 1,
      reason: null,
      syncable: true,
      lastBlock: Number(await chain.blockNumber()),
    });

    await chain.send("TestERC721", address, "mint", [owner, 3n]);
    const queued = await syncNow(partner, id);
    expect(queued.status).toBe(200);
    expect(await factsUntil(id, (body) => body.tokensIssued === 3)).toMatchObject({ holders: 2 });
  });

  it("says why a collection is not synced, and refuses Sync now with the same reason", async () => {
    const id = await save(partner, validCollection({ ContractChain: "Ethereum", ContractAddress: alice }));
    expect(await (await facts(partner, id)).json()).toMatchObject({
      status: "Updating",
      syncable: false,
      reason: "not synced: no RPC is configured for Ethereum (CHAIN_RPC_ETHEREUM)",
    });
    const refused = await syncNow(partner, id);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: "ContractAddress: not synced: no RPC is configured for Ethereum (CHAIN_RPC_ETHEREUM)",
    });
  });

  it("is the same 404 as an unknown collection for another partner", async () => {
    const id = await save(partner, validCollection({ ContractChain: "Localhost", ContractAddress: alice }));
    expect((await facts(other, id)).status).toBe(404);
    expect((await syncNow(other, id)).status).toBe(404);
  });
});
