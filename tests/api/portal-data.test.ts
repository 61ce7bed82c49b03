import { describe, expect, it } from "vitest";
import { create, dumpStore, retrieve, validCollection, validPerk } from "../support/api";
import { portal, signUp, type Partner } from "../support/portal";

const as = (partner: Partner) => ({ cookie: partner.cookie });

async function saveOk(partner: Partner, body: unknown): Promise<Record<string, any>> {
  const response = await portal.save(as(partner), body);
  const json = await response.json();
  if (response.status !== 200) throw new Error(`save failed with ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

describe("portal data routes", () => {
  it("lists only the partner's own collections, newest first, with perk counts and title search", async () => {
    const alice = await signUp();
    const bob = await signUp();
    const first = await saveOk(alice, { nftData: validCollection({ Title: "Alpha 100% Otters" }), perkData: [validPerk(), validPerk()] });
    const second = await saveOk(alice, { nftData: validCollection({ Title: "Beta Foxes" }) });
    await saveOk(bob, { nftData: validCollection({ Title: "Bob's Otters" }) });

    const list = await (await portal.list(as(alice))).json();
    expect(list.collections.map((row: { id: string }) => row.id)).toEqual([second.nftData.PlatformNFTId, first.nftData.PlatformNFTId]);
    expect(list.collections[1]).toMatchObject({
      title: "Alpha 100% Otters",
      chain: "Ethereum",
      perkCount: 2,
      releaseStatus: "Upcoming",
      version: 1,
    });

    const found = await (await portal.list(as(alice), "otters")).json();
    expect(found.collections.map((row: { title: string }) => row.title)).toEqual(["Alpha 100% Otters"]);
    // `%` is a character to find, not a wildcard.
    expect((await (await portal.list(as(alice), "0%")).json()).collections).toHaveLength(1);
    expect((await (await portal.list(as(alice), "%")).json()).collections).toHaveLength(1);
    expect((await (await portal.list(as(bob), "alpha")).json()).collections).toEqual([]);
  });

  it("saves through the API's rules: the partner manages what they create, stale Versions get 409", async () => {
    const alice = await signUp();
    const echo = await saveOk(alice, { nftData: validCollection(), perkData: [validPerk()] });
    const id = echo.nftData.PlatformNFTId;
    const record = await (await portal.record(as(alice), id)).json();
    expect(record.nftData.Managers).toEqual([`Users/${alice.userId}`]);

    const edited = await saveOk(alice, { nftData: { ...record.nftData, Title: "Renamed" } });
    expect(edited.nftData.Version).toBe(2);
    const before = await dumpStore();
    const stale = await portal.save(as(alice), { nftData: { ...record.nftData, Title: "Stale" } });
    expect(stale.status).toBe(409);
    expect((await stale.json()).error).toMatch(/^nftData\.Version: the collection is at version 2, not 1/);
    expect(await dumpStore()).toEqual(before);

    const invalid = await portal.save(as(alice), { nftData: { ...record.nftData, Version: 2, Website: "javascript:alert(1)" } });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ error: "nftData.Website: must be an absolute http:// or https:// URL" });
    expect(await dumpStore()).toEqual(before);
  });

  it("never shows or changes another partner's collection, perks or keys", async () => {
    const alice = await signUp();
    const mallory = await signUp();
    const echo = await saveOk(alice, { nftData: validCollection(), perkData: [validPerk()] });
    const id = echo.nftData.PlatformNFTId;
    const perkId = echo.perkData[0].PlatformPerkId;
    const { key } = await (await portal.mintKey(as(alice), { label: "alice's server" })).json();
    const aliceKeyId = (await (await portal.keys(as(alice))).json()).keys[0].id;
    const before = await dumpStore();

    const read = await portal.record(as(mallory), id);
    expect(read.status).toBe(404);
    expect(await read.json()).toMatchObject({ error: `PlatformNFTId: collection "${id}" not found` });
    const edit = await portal.save(as(mallory), { nftData: validCollection({ PlatformNFTId: id, Title: "Mine now" }) });
    expect(edit.status).toBe(403);
    const addPerk = await portal.save(as(mallory), { perkData: [validPerk({ PlatformNFTId: id })] });
    expect(addPerk.status).toBe(403);
    const editPerk = await portal.save(as(mallory), { perkData: [validPerk({ PlatformNFTId: id, PlatformPerkId: perkId })] });
    expect(editPerk.status).toBe(403);
    const removal = await portal.removePerk(as(mallory), id, perkId);
    expect(removal.status).toBe(403);
    const revoke = await portal.revokeKey(as(mallory), aliceKeyId);
    expect(revoke.status).toBe(404);
    expect((await (await portal.keys(as(mallory))).json()).keys).toEqual([]);

    expect(await dumpStore()).toEqual(before);
    expect((await retrieve(key, id)).status).toBe(200);
  });

  it("answers 401 without a session and refuses mutations from another origin or without one", async () => {
    const alice = await signUp();
    const echo = await saveOk(alice, { nftData: validCollection(), perkData: [validPerk()] });
    const id = echo.nftData.PlatformNFTId;
    const before = await dumpStore();
    for (const response of [
      await portal.list({ cookie: null }),
      await portal.record({ cookie: null }, id),
      await portal.keys({ cookie: null }),
    ]) {
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: "Sign in to continue" });
    }
    for (const origin of ["https://evil.example", null]) {
      const options = { cookie: alice.cookie, origin };
      const responses = [
        await portal.save(options, { nftData: validCollection() }),
        await portal.removePerk(options, id, echo.perkData[0].PlatformPerkId),
        await portal.mintKey(options, { label: "csrf" }),
      ];
      for (const response of responses) {
        expect(response.status).toBe(403);
        expect(await response.json()).toMatchObject({ error: "Cross-origin request refused" });
      }
    }
    expect(await dumpStore()).toEqual(before);
    expect((await (await portal.keys(as(alice))).json()).keys).toEqual([]);
  });

  it("removes a perk with the Version it was shown and refuses a stale one", async () => {
    const alice = await signUp();
    const echo = await saveOk(alice, { nftData: validCollection(), perkData: [validPerk(), validPerk({ ShortDescription: "Second" })] });
    const id = echo.nftData.PlatformNFTId;
    const removed = await portal.removePerk(as(alice), id, echo.perkData[0].PlatformPerkId, 1);
    expect(await removed.json()).toEqual({ PlatformNFTId: id, PlatformPerkId: echo.perkData[0].PlatformPerkId, Version: 2 });
    const stale = await portal.removePerk(as(alice), id, echo.perkData[1].PlatformPerkId, 1);
    expect(stale.status).toBe(409);
    const record = await (await portal.record(as(alice), id)).json();
    expect(record.perkData.map((perk: { ShortDescription: string }) => perk.ShortDescription)).toEqual(["Second"]);
  });
});

describe("portal API keys", () => {
  it("mints a key shown once, lists it without secrets, and a revoked key gets 401 at once", async () => {
    const alice = await signUp();
    const minted = await portal.mintKey(as(alice), { label: "  Shop back end  " });
    expect(minted.status).toBe(200);
    const { key, summary } = await minted.json();
    expect(key).toMatch(/^uds_[0-9A-Za-z]{40}$/);
    expect(summary).toMatchObject({ label: "Shop back end", prefix: key.slice(0, 10), revokedAt: null, lastUsedAt: null });

    const made = await create(key, { nftData: validCollection() });
    expect(made.status).toBe(200);
    const listed = await (await portal.keys(as(alice))).json();
    expect(listed.keys).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(key);
    expect(listed.keys[0].lastUsedAt).not.toBeNull();

    const revoked = await portal.revokeKey(as(alice), summary.id);
    expect(await revoked.json()).toEqual({ revoked: summary.id });
    const refused = await create(key, { nftData: validCollection() });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: "Bad API Key" });
    expect((await portal.revokeKey(as(alice), summary.id)).status).toBe(404);
  });

  it.each([
    [{ label: "" }, "label: Give the key a label, such as the system that will use it"],
    [{ label: "x".repeat(101) }, "label: at most 100 characters"],
    [{ label: 5 }, "label: expected a string"],
    [{ label: "ok", extra: true }, "extra: unknown field"],
  ])("refuses a bad label %j with 400 and mints nothing", async (body, message) => {
    const alice = await signUp();
    const response = await portal.mintKey(as(alice), body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: message });
    expect((await (await portal.keys(as(alice))).json()).keys).toEqual([]);
  });
});
