import { beforeAll, describe, expect, it } from "vitest";
import { apiDocument } from "@/lib/openapi/document";
import { type Caller, create, createOk, dumpStore, newCaller, retrieveOk, validCollection, validPerk } from "../support/api";

let caller: Caller;
beforeAll(async () => {
  caller = await newCaller();
});

describe("a perk-only edit may carry the collection's Version as a precondition", () => {
  it("applies a perk add or edit whose Version is the stored one, and echoes the new Version", async () => {
    const echo = await createOk(caller.key, { nftData: validCollection(), perkData: [validPerk()] });
    const id = echo.nftData.PlatformNFTId;
    const added = await createOk(caller.key, { perkData: [validPerk({ PlatformNFTId: id, Version: 1, ShortDescription: "added" })] });
    expect(added.perkData[0].Version).toBe(2);
    const edited = await createOk(caller.key, {
      perkData: [validPerk({ PlatformNFTId: id, PlatformPerkId: echo.perkData[0].PlatformPerkId, Version: 2, ShortDescription: "edited" })],
    });
    expect(edited.perkData[0].Version).toBe(3);
    const record = await retrieveOk(caller.key, id);
    expect(record.nftData.Version).toBe(3);
    expect(record.perkData.map((perk) => perk.ShortDescription)).toEqual(["edited", "added"]);
    // Version is a precondition, never stored on the perk.
    expect(record.perkData[0]).not.toHaveProperty("Version");
  });

  it("refuses a stale perk Version with 409, naming the perk, and changes nothing", async () => {
    const echo = await createOk(caller.key, { nftData: validCollection(), perkData: [validPerk()] });
    const id = echo.nftData.PlatformNFTId;
    await createOk(caller.key, { nftData: { ...validCollection({ Title: "someone else" }), PlatformNFTId: id } });
    const before = await dumpStore();
    const response = await create(caller.key, {
      perkData: [
        validPerk({ PlatformNFTId: id }),
        validPerk({ PlatformNFTId: id, PlatformPerkId: echo.perkData[0].PlatformPerkId, Version: 1 }),
      ],
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({
      error:
        "perkData[1].Version: the collection is at version 2, not 1; it was changed by someone else. Read it again and reapply your change.",
    });
    expect(await dumpStore()).toEqual(before);
  });

  it("applies perks without a Version as before, and ignores a Version on a perk of a new collection", async () => {
    const echo = await createOk(caller.key, { nftData: validCollection(), perkData: [validPerk({ Version: 7 })] });
    expect((await retrieveOk(caller.key, echo.nftData.PlatformNFTId)).perkData).toHaveLength(1);
    const response = await create(caller.key, { perkData: [validPerk({ PlatformNFTId: echo.nftData.PlatformNFTId })] });
    expect(response.status).toBe(200);
  });

  it("refuses a perk Version that is not an integer", async () => {
    const response = await create(caller.key, { nftData: validCollection(), perkData: [validPerk({ Version: "1" })] });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "perkData[0].Version: expected an integer" });
  });

  it("is documented in OpenAPI", () => {
    const document = JSON.parse(JSON.stringify(apiDocument()));
    const resolve = (schema: { $ref?: string }) => (schema.$ref ? document.components.schemas[schema.$ref.split("/").pop()!] : schema);
    const request = document.components.schemas.CreateRequest;
    const perk = resolve(request.properties.perkData.items);
    expect(perk.properties.Version).toMatchObject({ type: "integer", description: expect.stringMatching(/409/) });
  });
});
