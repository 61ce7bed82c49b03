import { beforeAll, describe, expect, it } from "vitest";
import { type Caller, create, createOk, dumpStore, newCaller, retrieveOk, validCollection, validPerk } from "../support/api";

let owner: Caller;
let stranger: Caller;
let collectionId: string;
let perkId: string;

beforeAll(async () => {
  owner = await newCaller();
  stranger = await newCaller();
  const echo = await createOk(owner.key, { nftData: validCollection(), perkData: [validPerk()] });
  collectionId = echo.nftData.PlatformNFTId;
  perkId = echo.perkData[0].PlatformPerkId;
});

async function expectRefused(key: string, body: unknown, status: number, error: string) {
  const before = await dumpStore();
  const response = await create(key, body);
  expect(response.status).toBe(status);
  expect(await response.json()).toMatchObject({ error });
  expect(await dumpStore()).toEqual(before);
}

describe("create: only a collection's managers may change it (403, nothing stored)", () => {
  const notManager = (field: string) => `${field}: you are not a manager of collection "${collectionId}"`;

  it("refuses an edit of the collection", async () => {
    await expectRefused(
      stranger.key,
      { nftData: validCollection({ PlatformNFTId: collectionId, Title: "Mine now" }) },
      403,
      notManager("nftData.PlatformNFTId"),
    );
  });

  it("refuses adding a perk", async () => {
    await expectRefused(
      stranger.key,
      { perkData: [validPerk({ PlatformNFTId: collectionId })] },
      403,
      notManager("perkData[0].PlatformNFTId"),
    );
  });

  it("refuses editing a perk", async () => {
    await expectRefused(
      stranger.key,
      { perkData: [validPerk({ PlatformNFTId: collectionId, PlatformPerkId: perkId })] },
      403,
      notManager("perkData[0].PlatformNFTId"),
    );
  });

  it("refuses the whole request when one of several collections is not the caller's", async () => {
    const own = await createOk(stranger.key, { nftData: validCollection() });
    await expectRefused(
      stranger.key,
      { perkData: [validPerk({ PlatformNFTId: own.nftData.PlatformNFTId }), validPerk({ PlatformNFTId: collectionId })] },
      403,
      notManager("perkData[1].PlatformNFTId"),
    );
  });

  it("lets the stranger create a collection of their own, managed by them alone", async () => {
    const echo = await createOk(stranger.key, { nftData: validCollection() });
    const stored = await retrieveOk(owner.key, echo.nftData.PlatformNFTId);
    expect(stored.nftData.Managers).toEqual([`Users/${stranger.userId}`]);
  });
});

describe("create: unknown ids are a 404 and store nothing", () => {
  it("refuses editing a collection that does not exist", async () => {
    await expectRefused(
      owner.key,
      { nftData: validCollection({ PlatformNFTId: "doesNotExist0000000" }) },
      404,
      'nftData.PlatformNFTId: collection "doesNotExist0000000" not found',
    );
  });

  it("refuses ids of any format, including ones no generator makes", async () => {
    await expectRefused(
      owner.key,
      { perkData: [validPerk({ PlatformNFTId: "../../etc/passwd" })] },
      404,
      'perkData[0].PlatformNFTId: collection "../../etc/passwd" not found',
    );
  });

  it("refuses editing a perk that does not exist", async () => {
    await expectRefused(
      owner.key,
      { perkData: [validPerk({ PlatformNFTId: collectionId, PlatformPerkId: "nope" })] },
      404,
      `perkData[0].PlatformPerkId: perk "nope" not found in collection "${collectionId}"`,
    );
  });

  it("refuses a perk id that belongs to another collection", async () => {
    const other = await createOk(owner.key, { nftData: validCollection(), perkData: [validPerk()] });
    const otherPerk = other.perkData[0].PlatformPerkId;
    await expectRefused(
      owner.key,
      { perkData: [validPerk({ PlatformNFTId: collectionId, PlatformPerkId: otherPerk })] },
      404,
      `perkData[0].PlatformPerkId: perk "${otherPerk}" not found in collection "${collectionId}"`,
    );
  });

  it("stores none of a request whose last perk is unknown (one transaction)", async () => {
    await expectRefused(
      owner.key,
      {
        nftData: validCollection({ PlatformNFTId: collectionId, Title: "Half-written?" }),
        perkData: [validPerk({ ShortDescription: "new one" }), validPerk({ PlatformNFTId: collectionId, PlatformPerkId: "missing" })],
      },
      404,
      `perkData[1].PlatformPerkId: perk "missing" not found in collection "${collectionId}"`,
    );
  });
});

describe("create: Version is an edit precondition", () => {
  it("refuses a stale Version with 409 and changes nothing", async () => {
    const echo = await createOk(owner.key, { nftData: validCollection() });
    const id = echo.nftData.PlatformNFTId;
    await createOk(owner.key, { nftData: validCollection({ PlatformNFTId: id, Version: 1, Title: "First edit" }) });
    await expectRefused(
      owner.key,
      { nftData: validCollection({ PlatformNFTId: id, Version: 1, Title: "Lost update" }) },
      409,
      "nftData.Version: the collection is at version 2, not 1; it was changed by someone else. Read it again and reapply your change.",
    );
    expect((await retrieveOk(owner.key, id)).nftData.Title).toBe("First edit");
  });

  it("applies an edit without Version (contract compatibility)", async () => {
    const echo = await createOk(owner.key, { nftData: validCollection() });
    const id = echo.nftData.PlatformNFTId;
    await createOk(owner.key, { nftData: validCollection({ PlatformNFTId: id, Title: "A" }) });
    const again = await createOk(owner.key, { nftData: validCollection({ PlatformNFTId: id, Title: "B" }) });
    expect(again.nftData.Version).toBe(3);
  });

  it("ignores Version on a new collection", async () => {
    const echo = await createOk(owner.key, { nftData: validCollection({ Version: 42 }) });
    expect(echo.nftData.Version).toBe(1);
  });

  it("lets exactly one of several concurrent edits from the same Version win", async () => {
    const echo = await createOk(owner.key, { nftData: validCollection() });
    const id = echo.nftData.PlatformNFTId;
    const attempts = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        create(owner.key, { nftData: validCollection({ PlatformNFTId: id, Version: 1, Title: `Edit ${i}` }) }),
      ),
    );
    const statuses = attempts.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const stored = await retrieveOk(owner.key, id);
    expect(stored.nftData.Version).toBe(2);
  });

  it("gives concurrent creates distinct ids and stores every one", async () => {
    const before = ((await dumpStore()) as { collections: unknown[] }).collections.length;
    const echoes = await Promise.all(
      Array.from({ length: 100 }, () => createOk(owner.key, { nftData: validCollection(), perkData: [validPerk()] })),
    );
    const ids = new Set(echoes.map((echo) => echo.nftData.PlatformNFTId));
    expect(ids.size).toBe(100);
    const after = ((await dumpStore()) as { collections: unknown[] }).collections.length;
    expect(after - before).toBe(100);
  });
});
