import { beforeAll, describe, expect, it } from "vitest";
import { createOk, dumpStore, newCaller, removePerk, retrieveOk, search, validCollection, validPerk } from "../support/api";

async function collectionWithPerks(key: string, count = 3) {
  const echo = await createOk(key, {
    nftData: validCollection(),
    perkData: Array.from({ length: count }, (_, index) =>
      validPerk({ ShortDescription: `Perk ${index}`, Tags: index === 1 ? ["Gaming"] : ["Merch"] }),
    ),
  });
  return {
    id: echo.nftData.PlatformNFTId as string,
    perkIds: echo.perkData.map((perk: { PlatformPerkId: string }) => perk.PlatformPerkId) as string[],
  };
}

describe("DELETE /api-gateway/collections/{id}/perks/{perkId}", () => {
  // Opening (and migrating) the store happens here, under the hook's longer time budget.
  beforeAll(async () => {
    await newCaller();
  });

  it("removes exactly that perk, keeps the others in order and raises Version", async () => {
    const owner = await newCaller();
    const { id, perkIds } = await collectionWithPerks(owner.key);
    const response = await removePerk(owner.key, id, perkIds[1]!);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ PlatformNFTId: id, PlatformPerkId: perkIds[1], Version: 2 });
    const record = await retrieveOk(owner.key, id);
    expect(record.perkData.map((perk) => perk.PlatformPerkId)).toEqual([perkIds[0], perkIds[2]]);
    expect(record.nftData.Perks).toEqual([`Perks/${perkIds[0]}`, `Perks/${perkIds[2]}`]);
    expect(record.nftData.Version).toBe(2);
  });

  it("takes the removed perk's category out of search", async () => {
    const owner = await newCaller();
    const { id, perkIds } = await collectionWithPerks(owner.key);
    const before = await (await search(owner.key, { category: "Gaming" })).json();
    expect(before.Docs.map((doc: { PlatformNFTId: string }) => doc.PlatformNFTId)).toContain(id);
    await removePerk(owner.key, id, perkIds[1]!);
    // Search answers may lag a write by the freshness bound (SEARCH_CACHE_MS).
    await expect
      .poll(
        async () =>
          (await (await search(owner.key, { category: "Gaming" })).json()).Docs.map((doc: { PlatformNFTId: string }) => doc.PlatformNFTId),
        { timeout: 2_000, interval: 25 },
      )
      .not.toContain(id);
  });

  it("applies with the current Version and refuses a stale one with 409, changing nothing", async () => {
    const owner = await newCaller();
    const { id, perkIds } = await collectionWithPerks(owner.key);
    expect((await removePerk(owner.key, id, perkIds[0]!, 1)).status).toBe(200);
    const before = await dumpStore();
    const stale = await removePerk(owner.key, id, perkIds[1]!, 1);
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({
      error: "Version: the collection is at version 2, not 1; it was changed by someone else. Read it again and reapply your change.",
    });
    expect(await dumpStore()).toEqual(before);
  });

  it.each([
    ["abc", "Version: must be a non-negative integer"],
    ["-1", "Version: must be a non-negative integer"],
    ["1.5", "Version: must be a non-negative integer"],
  ])("refuses Version=%s with 400", async (version, message) => {
    const owner = await newCaller();
    const { id, perkIds } = await collectionWithPerks(owner.key);
    const before = await dumpStore();
    const response = await removePerk(owner.key, id, perkIds[0]!, version);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: message });
    expect(await dumpStore()).toEqual(before);
  });

  it("refuses another partner with 403 and changes nothing", async () => {
    const owner = await newCaller();
    const intruder = await newCaller();
    const { id, perkIds } = await collectionWithPerks(owner.key);
    const before = await dumpStore();
    const response = await removePerk(intruder.key, id, perkIds[0]!);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: `PlatformNFTId: you are not a manager of collection "${id}"` });
    expect(await dumpStore()).toEqual(before);
  });

  it("answers 404 for an unknown collection, an unknown perk, or a perk of another collection", async () => {
    const owner = await newCaller();
    const first = await collectionWithPerks(owner.key);
    const second = await collectionWithPerks(owner.key);
    const before = await dumpStore();
    const unknownCollection = await removePerk(owner.key, "nope", first.perkIds[0]!);
    expect(unknownCollection.status).toBe(404);
    expect(await unknownCollection.json()).toMatchObject({ error: 'PlatformNFTId: collection "nope" not found' });
    const unknownPerk = await removePerk(owner.key, first.id, "nope");
    expect(unknownPerk.status).toBe(404);
    expect(await unknownPerk.json()).toMatchObject({ error: `PlatformPerkId: perk "nope" not found in collection "${first.id}"` });
    const elsewhere = await removePerk(owner.key, first.id, second.perkIds[0]!);
    expect(elsewhere.status).toBe(404);
    expect(await dumpStore()).toEqual(before);
  });

  it("needs a valid key", async () => {
    const owner = await newCaller();
    const { id, perkIds } = await collectionWithPerks(owner.key);
    const before = await dumpStore();
    const response = await removePerk(null, id, perkIds[0]!);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: "Bad API Key" });
    expect(await dumpStore()).toEqual(before);
  });
});
