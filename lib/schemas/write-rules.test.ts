import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { createRequestSchema, type CreateRequestInput } from "@/lib/schemas/create-request";
import { LIMITS } from "@/lib/schemas/limits";
import {
  checkManaged,
  checkPerkEdits,
  checkPerkVersions,
  checkRecordBytes,
  checkVersion,
  collectReferences,
  needsExactSize,
  perkEdits,
} from "./write-rules";

const request = (body: CreateRequestInput) => createRequestSchema.parse(body);
const nft = { Title: "Otters", ContractChain: "Base" };
const perk = { ShortDescription: "Hoodie", Tags: ["Merch" as const] };

/** The status and message a rule throws, or undefined when it passes. */
function refusal(rule: () => unknown): { status: number; message: string } | undefined {
  try {
    rule();
    return undefined;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { status: error.status, message: error.message };
  }
}

describe("collectReferences", () => {
  it("touches nothing stored for a new collection with new perks", () => {
    expect(collectReferences(request({ nftData: nft, perkData: [perk, perk] }))).toEqual([]);
  });

  it("names each collection once, with the first field that named it", () => {
    const references = collectReferences(
      request({
        perkData: [
          { ...perk, PlatformNFTId: "a" },
          { ...perk, PlatformNFTId: "b" },
          { ...perk, PlatformNFTId: "a" },
        ],
      }),
    );
    expect(references).toEqual([
      { id: "a", field: "perkData[0].PlatformNFTId" },
      { id: "b", field: "perkData[1].PlatformNFTId" },
    ]);
  });

  it("names an edited collection by nftData first", () => {
    expect(collectReferences(request({ nftData: { ...nft, PlatformNFTId: "a" }, perkData: [{ ...perk, PlatformNFTId: "a" }] }))).toEqual([
      { id: "a", field: "nftData.PlatformNFTId" },
    ]);
  });

  it("refuses a perk id without its collection id", () => {
    expect(
      refusal(() => collectReferences(request({ nftData: { ...nft, PlatformNFTId: "a" }, perkData: [{ ...perk, PlatformPerkId: "p" }] }))),
    ).toEqual({
      status: 400,
      message: 'perkData[0].PlatformNFTId: required to edit perk "p"',
    });
  });

  it("refuses a perk of another collection than nftData's", () => {
    expect(
      refusal(() => collectReferences(request({ nftData: { ...nft, PlatformNFTId: "a" }, perkData: [{ ...perk, PlatformNFTId: "b" }] }))),
    ).toEqual({
      status: 400,
      message: "perkData[0].PlatformNFTId: must be empty or equal nftData.PlatformNFTId",
    });
  });

  it("refuses a perk naming a stored collection beside a new one", () => {
    expect(refusal(() => collectReferences(request({ nftData: nft, perkData: [{ ...perk, PlatformNFTId: "a" }] })))).toMatchObject({
      status: 400,
      message: "perkData[0].PlatformNFTId: must be empty or equal nftData.PlatformNFTId",
    });
  });

  it("refuses a perk without a collection when nftData is not sent", () => {
    expect(refusal(() => collectReferences(request({ perkData: [perk] })))).toEqual({
      status: 400,
      message: "perkData[0].PlatformNFTId: required when nftData is not sent",
    });
  });

  it("refuses the same perk edited twice", () => {
    const edit = { ...perk, PlatformNFTId: "a", PlatformPerkId: "p" };
    expect(refusal(() => collectReferences(request({ perkData: [edit, { ...perk, PlatformNFTId: "a" }, edit] })))).toEqual({
      status: 400,
      message: 'perkData[2].PlatformPerkId: perk "p" is already edited by perkData[0]',
    });
  });
});

describe("checkManaged", () => {
  const references = [
    { id: "a", field: "nftData.PlatformNFTId" },
    { id: "b", field: "perkData[1].PlatformNFTId" },
  ];

  it("answers the stored Versions of collections of the caller's team", () => {
    const rows = [
      { id: "b", teamId: "t1", version: 7 },
      { id: "a", teamId: "t1", version: 3 },
    ];
    expect(checkManaged("t1", references, rows)).toEqual(
      new Map([
        ["a", 3],
        ["b", 7],
      ]),
    );
  });

  it("refuses an unknown id with 404, naming the field that sent it", () => {
    expect(refusal(() => checkManaged("t1", references, [{ id: "a", teamId: "t1", version: 1 }]))).toEqual({
      status: 404,
      message: 'perkData[1].PlatformNFTId: collection "b" not found',
    });
  });

  it("refuses another team's collection with 403", () => {
    const rows = [
      { id: "a", teamId: "t2", version: 1 },
      { id: "b", teamId: "t1", version: 1 },
    ];
    expect(refusal(() => checkManaged("t1", references, rows))).toEqual({
      status: 403,
      message: 'nftData.PlatformNFTId: you are not a manager of collection "a"',
    });
  });

  it("judges references in the request's order, so the first field at fault is named", () => {
    expect(refusal(() => checkManaged("t1", references, [{ id: "b", teamId: "t2", version: 1 }]))).toMatchObject({ status: 404 });
  });
});

describe("checkVersion", () => {
  it("passes when no Version was sent or it is the stored one", () => {
    expect(refusal(() => checkVersion("Version", 4, undefined))).toBeUndefined();
    expect(refusal(() => checkVersion("Version", 4, 4))).toBeUndefined();
  });

  it("refuses another Version with 409, naming both", () => {
    expect(refusal(() => checkVersion("nftData.Version", 4, 3))).toEqual({
      status: 409,
      message:
        "nftData.Version: the collection is at version 4, not 3; it was changed by someone else. Read it again and reapply your change.",
    });
  });
});

describe("checkPerkVersions", () => {
  const versions = new Map([["a", 5]]);

  it("passes a perk carrying its collection's stored Version, or none", () => {
    const body = request({
      perkData: [
        { ...perk, PlatformNFTId: "a", Version: 5 },
        { ...perk, PlatformNFTId: "a" },
      ],
    });
    expect(refusal(() => checkPerkVersions(body, versions))).toBeUndefined();
  });

  it("refuses a perk whose Version is not its collection's", () => {
    const body = request({
      perkData: [
        { ...perk, PlatformNFTId: "a", Version: 5 },
        { ...perk, PlatformNFTId: "a", Version: 4 },
      ],
    });
    expect(refusal(() => checkPerkVersions(body, versions))).toMatchObject({
      status: 409,
      message: expect.stringMatching(/^perkData\[1\]\.Version: the collection is at version 5, not 4;/),
    });
  });

  it("takes the collection from nftData when the perk names none", () => {
    const body = request({ nftData: { ...nft, PlatformNFTId: "a" }, perkData: [{ ...perk, Version: 2 }] });
    expect(refusal(() => checkPerkVersions(body, versions))).toMatchObject({ status: 409 });
  });

  it("ignores a perk Version on a new collection", () => {
    expect(refusal(() => checkPerkVersions(request({ nftData: nft, perkData: [{ ...perk, Version: 9 }] }), new Map()))).toBeUndefined();
  });
});

describe("perk edits", () => {
  const body = request({
    perkData: [
      { ...perk, PlatformNFTId: "a", PlatformPerkId: "p1" },
      { ...perk, PlatformNFTId: "a" },
      { ...perk, PlatformNFTId: "b", PlatformPerkId: "p2" },
    ],
  });

  it("lists only the perks that name a perk id, with their index", () => {
    expect(perkEdits(body)).toEqual([
      { perkId: "p1", nftId: "a", index: 0 },
      { perkId: "p2", nftId: "b", index: 2 },
    ]);
  });

  it("passes perks stored in the collections they name", () => {
    const stored = [
      { id: "p1", collectionId: "a" },
      { id: "p2", collectionId: "b" },
    ];
    expect(refusal(() => checkPerkEdits(perkEdits(body), stored))).toBeUndefined();
  });

  it("refuses an unknown perk id with 404", () => {
    expect(refusal(() => checkPerkEdits(perkEdits(body), [{ id: "p1", collectionId: "a" }]))).toEqual({
      status: 404,
      message: 'perkData[2].PlatformPerkId: perk "p2" not found in collection "b"',
    });
  });

  it("refuses a perk of another collection with 404, as if unknown", () => {
    const stored = [
      { id: "p1", collectionId: "b" },
      { id: "p2", collectionId: "b" },
    ];
    expect(refusal(() => checkPerkEdits(perkEdits(body), stored))).toEqual({
      status: 404,
      message: 'perkData[0].PlatformPerkId: perk "p1" not found in collection "a"',
    });
  });
});

describe("record bounds", () => {
  it("passes the most perks a collection may hold, and refuses one more", () => {
    expect(refusal(() => needsExactSize({ id: "a", perks: LIMITS.perksPerCollection, bytes: 0 }))).toBeUndefined();
    expect(refusal(() => needsExactSize({ id: "a", perks: LIMITS.perksPerCollection + 1, bytes: 0 }))).toEqual({
      status: 400,
      message: `perkData: collection "a" would hold ${LIMITS.perksPerCollection + 1} perks; at most ${LIMITS.perksPerCollection} perks per collection`,
    });
  });

  it("measures exactly only records whose estimate may pass the limit", () => {
    expect(needsExactSize({ id: "a", perks: 3, bytes: 10_000 })).toBe(false);
    expect(needsExactSize({ id: "a", perks: 3, bytes: LIMITS.recordBytes - 1_000 })).toBe(true);
    expect(needsExactSize({ id: "a", perks: 0, bytes: LIMITS.recordBytes })).toBe(true);
  });

  it("checks the perk count before the size", () => {
    expect(refusal(() => needsExactSize({ id: "a", perks: LIMITS.perksPerCollection + 1, bytes: LIMITS.recordBytes * 2 }))).toMatchObject({
      message: expect.stringContaining("perks per collection"),
    });
  });

  it("passes a record of exactly 1 MiB as retrieved, and refuses a byte more", () => {
    expect(refusal(() => checkRecordBytes("a", LIMITS.recordBytes))).toBeUndefined();
    expect(refusal(() => checkRecordBytes("a", LIMITS.recordBytes + 1))).toEqual({
      status: 400,
      message: `body: collection "a" would be ${LIMITS.recordBytes + 1} bytes as retrieved; at most ${LIMITS.recordBytes} bytes (1 MiB) per collection record`,
    });
  });
});
