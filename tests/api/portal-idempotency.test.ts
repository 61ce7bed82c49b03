import { beforeAll, describe, expect, it } from "vitest";
import { dumpStore, retrieve, validCollection, validPerk } from "../support/api";
import { portal, signUp, type Partner } from "../support/portal";

const as = (partner: Partner, idempotencyKey?: string) => ({ cookie: partner.cookie, idempotencyKey });
const REPLAYED = "idempotent-replayed";

async function listTitles(partner: Partner) {
  return (await (await portal.list(as(partner))).json()).collections.map((row: { title: string }) => row.title);
}

describe("portal writes honour Idempotency-Key", () => {
  // Opening (and migrating) the store and the first password hash happen here, under the hook's longer budget.
  beforeAll(async () => {
    await signUp();
  });

  it("a create sent twice with one key stores one collection and replays the first answer", async () => {
    const alice = await signUp();
    const body = { nftData: validCollection({ Title: "Once only" }) };
    const first = await portal.save(as(alice, "create-1"), body);
    const second = await portal.save(as(alice, "create-1"), body);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.headers.get(REPLAYED)).toBe("true");
    expect((await second.json()).nftData.PlatformNFTId).toBe((await first.json()).nftData.PlatformNFTId);
    expect(await listTitles(alice)).toEqual(["Once only"]);
  });

  it("a save repeated with its key is not a conflict: the partner's own first save is replayed", async () => {
    const alice = await signUp();
    const created = await (await portal.save(as(alice), { nftData: validCollection() })).json();
    const edit = { nftData: { ...validCollection({ Title: "Renamed" }), PlatformNFTId: created.nftData.PlatformNFTId, Version: 1 } };
    const first = await portal.save(as(alice, "save-1"), edit);
    const retry = await portal.save(as(alice, "save-1"), edit);
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.headers.get(REPLAYED)).toBe("true");
    expect((await retry.json()).nftData.Version).toBe(2);
    // Without the key the same request is what it is: a stale Version.
    expect((await portal.save(as(alice), edit)).status).toBe(409);
  });

  it("perk removal, collection deletion and key revocation replay their first answer", async () => {
    const alice = await signUp();
    const created = await (await portal.save(as(alice), { nftData: validCollection(), perkData: [validPerk(), validPerk()] })).json();
    const id = created.nftData.PlatformNFTId;
    const perkId = created.perkData[0].PlatformPerkId;

    const removed = await portal.removePerk(as(alice, "remove-1"), id, perkId, 1);
    const removedAgain = await portal.removePerk(as(alice, "remove-1"), id, perkId, 1);
    expect(removedAgain.status).toBe(200);
    expect(removedAgain.headers.get(REPLAYED)).toBe("true");
    expect(await removedAgain.json()).toEqual(await removed.json());

    const minted = await (await portal.mintKey(as(alice), { label: "server" })).json();
    const revoked = await portal.revokeKey(as(alice, "revoke-1"), minted.summary.id);
    const revokedAgain = await portal.revokeKey(as(alice, "revoke-1"), minted.summary.id);
    expect(revoked.status).toBe(200);
    expect(revokedAgain.status).toBe(200);
    expect(revokedAgain.headers.get(REPLAYED)).toBe("true");

    const deleted = await portal.deleteCollection(as(alice, "delete-1"), id, 2);
    expect(await deleted.json()).toEqual({ PlatformNFTId: id, DeletedPerks: 1 });
    const deletedAgain = await portal.deleteCollection(as(alice, "delete-1"), id, 2);
    expect(deletedAgain.status).toBe(200);
    expect(deletedAgain.headers.get(REPLAYED)).toBe("true");
    expect((await portal.record(as(alice), id)).status).toBe(404);
    expect((await portal.deleteCollection(as(alice), id)).status).toBe(404);
    expect((await retrieve(minted.key, id)).status).toBe(401);
  });

  it("a mint replayed with its key creates one key and never stores or repeats the plaintext", async () => {
    const alice = await signUp();
    const first = await portal.mintKey(as(alice, "mint-1"), { label: "shop" });
    const second = await portal.mintKey(as(alice, "mint-1"), { label: "shop" });
    const firstBody = await first.json();
    const secondBody = await second.json();
    expect(firstBody.key).toMatch(/^uds_/);
    expect(second.headers.get(REPLAYED)).toBe("true");
    expect(secondBody).toEqual({ key: null, summary: firstBody.summary });
    expect((await (await portal.keys(as(alice))).json()).keys).toHaveLength(1);
    expect(JSON.stringify(await dumpStore())).not.toContain(firstBody.key);
  });

  it("the portal deletes only the partner's own collection", async () => {
    const alice = await signUp();
    const mallory = await signUp();
    const created = await (await portal.save(as(alice), { nftData: validCollection() })).json();
    const before = await dumpStore();
    expect((await portal.deleteCollection(as(mallory), created.nftData.PlatformNFTId)).status).toBe(403);
    expect(
      (await portal.deleteCollection({ cookie: alice.cookie, origin: "https://evil.example" }, created.nftData.PlatformNFTId)).status,
    ).toBe(403);
    expect(await dumpStore()).toEqual(before);
  });
});
