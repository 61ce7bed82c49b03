import { beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "@/lib/schemas/limits";
import { type Caller, create, createOk, dumpStore, newCaller, retrieveOk, validCollection } from "../support/api";

let caller: Caller;
beforeAll(async () => {
  caller = await newCaller();
});

const smallPerk = (i: number) => ({ ShortDescription: `perk ${i}`, Tags: ["Merch"] });
/** A perk of ~20 KB: two 10,000-character descriptions. */
const bigPerk = (i: number) => ({ ShortDescription: `${i} ${"s".repeat(9_990)}`, LongDescription: "l".repeat(10_000), Tags: ["Merch"] });

/** A collection holding `count` perks, added 100 at a time; returns its id. */
async function collectionWith(count: number, perk = smallPerk): Promise<string> {
  const { nftData } = await createOk(caller.key, { nftData: validCollection() });
  const id: string = nftData.PlatformNFTId;
  for (let added = 0; added < count; added += LIMITS.perksPerRequest) {
    const batch = Array.from({ length: Math.min(LIMITS.perksPerRequest, count - added) }, (_, i) => ({
      ...perk(added + i),
      PlatformNFTId: id,
    }));
    await createOk(caller.key, { perkData: batch });
  }
  return id;
}

async function expectRefused(body: unknown, error: RegExp) {
  const before = await dumpStore();
  const response = await create(caller.key, body);
  expect(response.status).toBe(400);
  expect((await response.json()).error).toMatch(error);
  expect(await dumpStore()).toEqual(before);
}

const PERK_LIMIT = /^perkData: collection "\w+" would hold \d+ perks; at most 250 perks per collection$/;
const SIZE_LIMIT = /^body: collection "\w+" would be \d+ bytes as retrieved; at most 1048576 bytes \(1 MiB\) per collection record$/;

describe("a collection holds at most 250 perks and a 1 MiB record", () => {
  it("takes perks up to 250 and refuses the 251st, storing nothing", async () => {
    const id = await collectionWith(250);
    expect((await retrieveOk(caller.key, id)).perkData).toHaveLength(250);
    await expectRefused({ perkData: [{ ...smallPerk(251), PlatformNFTId: id }] }, PERK_LIMIT);
    // The same through an edit of the collection that also adds perks.
    const { nftData } = await retrieveOk(caller.key, id);
    await expectRefused({ nftData: { ...nftData, Title: "still 250" }, perkData: [smallPerk(251)] }, PERK_LIMIT);
    // Replacing an existing perk stays possible at the limit.
    const [first] = (await retrieveOk(caller.key, id)).perkData;
    const edit = await create(caller.key, {
      perkData: [{ ...smallPerk(0), ShortDescription: "edited", PlatformNFTId: id, PlatformPerkId: first!.PlatformPerkId }],
    });
    expect(edit.status).toBe(200);
  });

  it("refuses two concurrent adds that together would pass the limit: exactly one lands", async () => {
    const id = await collectionWith(200);
    const add = () => create(caller.key, { perkData: Array.from({ length: 30 }, (_, i) => ({ ...smallPerk(i), PlatformNFTId: id })) });
    const statuses = (await Promise.all([add(), add()])).map((response) => response.status).sort();
    expect(statuses).toEqual([200, 400]);
    expect((await retrieveOk(caller.key, id)).perkData).toHaveLength(230);
  });

  it("refuses a write that would make the record, as retrieved, larger than 1 MiB", async () => {
    const id = await collectionWith(50, bigPerk);
    const { perkData } = await retrieveOk(caller.key, id);
    expect(perkData).toHaveLength(50);
    // 50 perks of ~20 KB are ~1 MB; four more cross 1 MiB.
    await expectRefused({ perkData: [0, 1, 2, 3].map((i) => ({ ...bigPerk(100 + i), PlatformNFTId: id })) }, SIZE_LIMIT);
    // Replacing a big perk with a small one still works, and frees room.
    const freed = await create(caller.key, {
      perkData: [{ ...smallPerk(0), PlatformNFTId: id, PlatformPerkId: perkData[0]!.PlatformPerkId }],
    });
    expect(freed.status).toBe(200);
  });

  it("keeps a new collection's first request within the record limit too", async () => {
    // 60 perks of ~17 KB fit in the 1 MiB body but not, with their ids, in a 1 MiB record.
    const perks = Array.from({ length: 60 }, (_, i) => ({
      ShortDescription: `${i} ${"s".repeat(8_700)}`,
      LongDescription: "l".repeat(8_700),
      Tags: ["Merch"],
    }));
    const body = JSON.stringify({ nftData: validCollection({ Title: "fits the body" }), perkData: perks });
    expect(Buffer.byteLength(body)).toBeLessThan(LIMITS.bodyBytes);
    await expectRefused(body, SIZE_LIMIT);
  });
});
