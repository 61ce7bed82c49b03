import { beforeAll, describe, expect, it } from "vitest";
import { GATEWAY_STATUS } from "@/lib/schemas/create-request";
import { type Caller, create, createOk, newCaller, retrieveOk, validCollection, validPerk } from "../support/api";

let owner: Caller;
beforeAll(async () => {
  owner = await newCaller();
});

describe("POST /api-gateway/create: the contract's create and edit rules", () => {
  it("rule 1 and 2: creates a collection with its perks and echoes them with assigned ids", async () => {
    const body = { nftData: validCollection(), perkData: [validPerk(), validPerk({ ShortDescription: "Meetup" })] };
    const response = await create(owner.key, body);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    const echo = await response.json();

    expect(echo.GatewayStatus).toBe(GATEWAY_STATUS);
    expect(echo.nftData).toMatchObject({ ...validCollection(), Version: 1 });
    expect(echo.nftData.PlatformNFTId).toMatch(/^[0-9A-Za-z]{20}$/);
    expect(echo.perkData).toHaveLength(2);
    for (const [index, perk] of echo.perkData.entries()) {
      expect(perk).toMatchObject(body.perkData[index]!);
      expect(perk.PlatformNFTId).toBe(echo.nftData.PlatformNFTId);
      expect(perk.PlatformPerkId).toMatch(/^[0-9A-Za-z]{20}$/);
    }
    expect(echo.perkData[0].PlatformPerkId).not.toBe(echo.perkData[1].PlatformPerkId);

    const stored = await retrieveOk(owner.key, echo.nftData.PlatformNFTId);
    expect(stored.nftData).toMatchObject(validCollection());
    expect(stored.nftData.Managers).toEqual([`Users/${owner.userId}`]);
    expect(stored.nftData.Perks).toEqual(echo.perkData.map((perk: { PlatformPerkId: string }) => `Perks/${perk.PlatformPerkId}`));
    expect(stored.perkData).toEqual(echo.perkData);
  });

  it("rule 1: an empty PlatformNFTId also creates a new collection", async () => {
    const first = await createOk(owner.key, { nftData: validCollection({ PlatformNFTId: "" }) });
    const second = await createOk(owner.key, { nftData: validCollection({ PlatformNFTId: "" }) });
    expect(first.nftData.PlatformNFTId).not.toBe(second.nftData.PlatformNFTId);
  });

  it("rule 3: perks with an existing collection's id are added and the collection data is unchanged", async () => {
    const created = await createOk(owner.key, { nftData: validCollection(), perkData: [validPerk()] });
    const id = created.nftData.PlatformNFTId;
    const before = await retrieveOk(owner.key, id);

    const echo = await createOk(owner.key, {
      perkData: [validPerk({ PlatformNFTId: id, ShortDescription: "Airdrop", Tags: ["Airdrops"] })],
    });
    expect(echo.nftData).toBeUndefined();
    expect(echo.perkData[0].PlatformNFTId).toBe(id);

    const after = await retrieveOk(owner.key, id);
    const { Version: _v1, lastmodified: _l1, Perks: _p1, ...dataBefore } = before.nftData;
    const { Version: _v2, lastmodified: _l2, Perks: _p2, ...dataAfter } = after.nftData;
    expect(dataAfter).toEqual(dataBefore);
    expect(after.perkData).toHaveLength(2);
    expect(after.perkData[0]).toEqual(before.perkData[0]);
    expect(after.perkData[1]).toMatchObject({ ShortDescription: "Airdrop", PlatformPerkId: echo.perkData[0].PlatformPerkId });
  });

  it("rule 4 and 6: an edit replaces the whole collection; fields left out become unassigned", async () => {
    const created = await createOk(owner.key, { nftData: validCollection() });
    const id = created.nftData.PlatformNFTId;
    const echo = await createOk(owner.key, { nftData: { PlatformNFTId: id, Title: "Renamed", ContractChain: "Polygon" } });
    expect(echo.nftData).toMatchObject({ PlatformNFTId: id, Title: "Renamed", Version: 2 });

    const stored = await retrieveOk(owner.key, id);
    expect(stored.nftData.Title).toBe("Renamed");
    expect(stored.nftData.ContractChain).toBe("Polygon");
    for (const gone of ["CollectionDescription", "Website", "ImagePic", "Discord", "floorPrice", "marketplaceSlug"]) {
      expect(stored.nftData).not.toHaveProperty(gone);
    }
  });

  it("rule 5 and 6: a perk with both ids is replaced whole and the other perks stay as they were", async () => {
    const created = await createOk(owner.key, {
      nftData: validCollection(),
      perkData: [validPerk(), validPerk({ ShortDescription: "Second" })],
    });
    const id = created.nftData.PlatformNFTId;
    const [first, second] = created.perkData;

    await createOk(owner.key, {
      perkData: [{ PlatformNFTId: id, PlatformPerkId: first.PlatformPerkId, ShortDescription: "Only this", Tags: ["Food"] }],
    });
    const stored = await retrieveOk(owner.key, id);
    expect(stored.perkData[0]).toEqual({
      PlatformNFTId: id,
      PlatformPerkId: first.PlatformPerkId,
      ShortDescription: "Only this",
      Tags: ["Food"],
    });
    expect(stored.perkData[1]).toEqual(second);
  });

  it("edits a collection and adds and edits its perks in one request", async () => {
    const created = await createOk(owner.key, { nftData: validCollection(), perkData: [validPerk()] });
    const id = created.nftData.PlatformNFTId;
    const echo = await createOk(owner.key, {
      nftData: validCollection({ PlatformNFTId: id, Title: "Both" }),
      perkData: [{ ...created.perkData[0], ShortDescription: "Edited" }, validPerk({ ShortDescription: "Added" })],
    });
    expect(echo.perkData[0].PlatformPerkId).toBe(created.perkData[0].PlatformPerkId);
    expect(echo.perkData[1].PlatformNFTId).toBe(id);
    const stored = await retrieveOk(owner.key, id);
    expect(stored.nftData.Title).toBe("Both");
    expect(stored.perkData.map((perk) => perk.ShortDescription)).toEqual(["Edited", "Added"]);
  });

  it("every write increments Version and moves lastmodified forward", async () => {
    const created = await createOk(owner.key, { nftData: validCollection() });
    const id = created.nftData.PlatformNFTId;
    const first = await retrieveOk(owner.key, id);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await createOk(owner.key, { perkData: [validPerk({ PlatformNFTId: id })] });
    const second = await retrieveOk(owner.key, id);
    expect(second.nftData.Version).toBe(first.nftData.Version + 1);
    expect(second.nftData.lastmodified).toBeGreaterThan(first.nftData.lastmodified);
  });

  it("a record read from retrieval can be sent back as it is (server-managed fields are ignored)", async () => {
    const created = await createOk(owner.key, { nftData: validCollection(), perkData: [validPerk()] });
    const record = await retrieveOk(owner.key, created.nftData.PlatformNFTId);
    const echo = await createOk(owner.key, record);
    expect(echo.nftData.Version).toBe(record.nftData.Version + 1);
    const after = await retrieveOk(owner.key, created.nftData.PlatformNFTId);
    expect(after.perkData).toEqual(record.perkData);
    expect(after.nftData.Managers).toEqual(record.nftData.Managers);
  });

  it("a caller can edit what it just created using only the response", async () => {
    const echo = await createOk(owner.key, { nftData: validCollection(), perkData: [validPerk()] });
    const { GatewayStatus: _status, ...body } = echo;
    body.nftData.Title = "From the echo";
    const again = await createOk(owner.key, body);
    expect(again.nftData.PlatformNFTId).toBe(echo.nftData.PlatformNFTId);
    expect(again.perkData[0].PlatformPerkId).toBe(echo.perkData[0].PlatformPerkId);
    const stored = await retrieveOk(owner.key, echo.nftData.PlatformNFTId);
    expect(stored.nftData.Title).toBe("From the echo");
    expect(stored.perkData).toHaveLength(1);
  });

  it("client-sent server-managed fields never change what the service sets", async () => {
    const intruder = "Users/someone-else";
    const echo = await createOk(owner.key, {
      nftData: validCollection({
        // Without a contract there is nothing to follow: Synced with an empty location, whatever is sent.
        ContractAddress: undefined,
        Managers: [intruder],
        Version: 99,
        path: "NFTs/forged",
        lastmodified: 1,
        Perks: ["Perks/forged"],
        BlockchainSyncStatus: "Updating",
        BlockchainSyncLocation: "forged",
        BlockchainSyncError: "forged",
        CreationDate: "1/1/1970",
      }),
    });
    const stored = await retrieveOk(owner.key, echo.nftData.PlatformNFTId);
    expect(stored.nftData).toMatchObject({
      Managers: [`Users/${owner.userId}`],
      Version: 1,
      path: `NFTs/${echo.nftData.PlatformNFTId}`,
      Perks: [],
      BlockchainSyncStatus: "Synced",
      BlockchainSyncLocation: "",
    });
    expect(stored.nftData).not.toHaveProperty("BlockchainSyncError");
    expect(stored.nftData.lastmodified).toBeGreaterThan(1_000_000_000_000);
    expect(stored.nftData.CreationDate).toMatch(/^\d{1,2}\/\d{1,2}\/\d{4}$/);
    expect(stored.nftData.CreationDate).not.toBe("1/1/1970");
  });

  it("accepts a numeric PlatformNFTId, as search may return one", async () => {
    const response = await create(owner.key, { nftData: validCollection({ PlatformNFTId: 12345 }) });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: 'nftData.PlatformNFTId: collection "12345" not found' });
  });

  it("accepts a perk whose Date is the empty string and a Location without optional members", async () => {
    const echo = await createOk(owner.key, {
      nftData: validCollection(),
      perkData: [validPerk({ Date: "", Location: { latitude: 0, longitude: 0 } })],
    });
    const stored = await retrieveOk(owner.key, echo.nftData.PlatformNFTId);
    expect(stored.perkData[0]).toMatchObject({ Date: "", Location: { latitude: 0, longitude: 0 } });
  });
});
