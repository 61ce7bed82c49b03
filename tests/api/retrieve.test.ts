import { beforeAll, describe, expect, it } from "vitest";
import { type Caller, createOk, newCaller, retrieve, retrieveOk, validCollection, validPerk } from "../support/api";

let caller: Caller;
beforeAll(async () => {
  caller = await newCaller();
});

describe("GET /api-gateway/collections/{PlatformNFTId}", () => {
  it("returns every field of the collection and its perks in order, in the create shape", async () => {
    const perks = [
      validPerk({ ShortDescription: "one" }),
      validPerk({ ShortDescription: "two", Date: "" }),
      validPerk({ ShortDescription: "three" }),
    ];
    const echo = await createOk(caller.key, { nftData: validCollection({ Creator: "Otter Labs", TokenQuantity: 10 }), perkData: perks });
    const id = echo.nftData.PlatformNFTId;
    const record = await retrieveOk(caller.key, id);

    expect(Object.keys(record)).toEqual(["nftData", "perkData"]);
    expect(record.nftData).toEqual({
      PlatformNFTId: id,
      ...validCollection({ Creator: "Otter Labs", TokenQuantity: 10 }),
      Managers: [`Users/${caller.userId}`],
      Perks: echo.perkData.map((perk: { PlatformPerkId: string }) => `Perks/${perk.PlatformPerkId}`),
      Version: 1,
      lastmodified: expect.any(Number),
      path: `NFTs/${id}`,
      CreationDate: expect.stringMatching(/^\d{1,2}\/\d{1,2}\/\d{4}$/),
      // Ethereum has no RPC in tests: stored, not synced, and it says why.
      BlockchainSyncStatus: "Updating",
      BlockchainSyncLocation: "",
      BlockchainSyncError: "not synced: no RPC is configured for Ethereum (CHAIN_RPC_ETHEREUM)",
    });
    expect(record.perkData).toEqual(
      perks.map((perk, i) => ({ PlatformNFTId: id, PlatformPerkId: echo.perkData[i].PlatformPerkId, ...perk })),
    );
  });

  it("answers 404 for an unknown id", async () => {
    const response = await retrieve(caller.key, "unknown-id");
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: 'PlatformNFTId: collection "unknown-id" not found' });
  });

  it("answers 404 for an id no collection can have (a NUL character), not a database error", async () => {
    const response = await retrieve(caller.key, "abc\u0000");
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: 'PlatformNFTId: collection "abc\u0000" not found' });
  });

  it("lets any valid key read any collection", async () => {
    const echo = await createOk(caller.key, { nftData: validCollection() });
    const reader = await newCaller();
    const record = await retrieveOk(reader.key, echo.nftData.PlatformNFTId);
    expect(record.nftData.Title).toBe(validCollection().Title);
  });

  it("shows an edit at once, through the read cache", async () => {
    const echo = await createOk(caller.key, { nftData: validCollection() });
    const id = echo.nftData.PlatformNFTId;
    await retrieveOk(caller.key, id);
    await createOk(caller.key, { nftData: validCollection({ PlatformNFTId: id, Title: "Seen at once" }) });
    expect((await retrieveOk(caller.key, id)).nftData.Title).toBe("Seen at once");
  });
});
