import { beforeAll, describe, expect, it } from "vitest";
import { type Caller, create, createOk, dumpStore, newCaller, validCollection, validPerk } from "../support/api";

let owner: Caller;
let existingId: string;
let existingPerkId: string;
beforeAll(async () => {
  owner = await newCaller();
  const echo = await createOk(owner.key, { nftData: validCollection(), perkData: [validPerk()] });
  existingId = echo.nftData.PlatformNFTId;
  existingPerkId = echo.perkData[0].PlatformPerkId;
});

const long = (length: number) => "x".repeat(length);

/** [what, body, expected error message]: each must be a 400 that stores nothing. */
const badBodies: [string, () => unknown, string][] = [
  ["an empty object", () => ({}), "body: nftData or a non-empty perkData is required"],
  ["an array", () => [], "body: expected a JSON object"],
  ["null", () => null, "body: expected a JSON object"],
  ["an unknown top-level field", () => ({ nftData: validCollection(), extra: 1 }), "extra: unknown field"],
  ["a misspelt collection field", () => ({ nftData: { ...validCollection(), title: "lower" } }), "nftData.title: unknown field"],
  ["a misspelt perk field", () => ({ nftData: validCollection(), perkData: [validPerk({ tags: [] })] }), "perkData[0].tags: unknown field"],
  ["a missing Title", () => ({ nftData: { ContractChain: "Ethereum" } }), "nftData.Title: expected a string"],
  ["a blank Title", () => ({ nftData: validCollection({ Title: "   " }) }), "nftData.Title: required, must not be empty"],
  [
    "an empty ContractChain",
    () => ({ nftData: validCollection({ ContractChain: "" }) }),
    "nftData.ContractChain: required, must not be empty",
  ],
  ["a Title over 200 characters", () => ({ nftData: validCollection({ Title: long(201) }) }), "nftData.Title: at most 200 characters"],
  [
    "a description over 10,000 characters",
    () => ({ nftData: validCollection({ CollectionDescription: long(10_001) }) }),
    "nftData.CollectionDescription: at most 10000 characters",
  ],
  [
    "another string over 500 characters",
    () => ({ nftData: validCollection({ MarketPlace: long(501) }) }),
    "nftData.MarketPlace: at most 500 characters",
  ],
  [
    "a URL over 2,048 characters",
    () => ({ nftData: validCollection({ Website: `https://a.example/${long(2048)}` }) }),
    "nftData.Website: at most 2048 characters",
  ],
  [
    "a NUL character in a text field",
    () => ({ nftData: validCollection({ Title: "Otters\u0000Club" }) }),
    "nftData.Title: must not contain NUL (U+0000) characters",
  ],
  [
    "a NUL character in a perk",
    () => ({ nftData: validCollection(), perkData: [validPerk({ LongDescription: "\u0000" })] }),
    "perkData[0].LongDescription: must not contain NUL (U+0000) characters",
  ],
  [
    "a NUL character in an id",
    () => ({ perkData: [validPerk({ PlatformNFTId: "ab\u0000c" })] }),
    "perkData[0].PlatformNFTId: must not contain NUL (U+0000) characters",
  ],
  [
    "a javascript: URL",
    () => ({ nftData: validCollection({ Website: "javascript:alert(1)" }) }),
    "nftData.Website: must be an absolute http:// or https:// URL",
  ],
  [
    "a relative URL",
    () => ({ nftData: validCollection({ ImagePic: "/img.png" }) }),
    "nftData.ImagePic: must be an absolute http:// or https:// URL",
  ],
  ["a number where a string belongs", () => ({ nftData: validCollection({ Title: 7 }) }), "nftData.Title: expected a string"],
  [
    "an unknown ReleaseStatus",
    () => ({ nftData: validCollection({ ReleaseStatus: "Soon" }) }),
    "nftData.ReleaseStatus: must be one of Upcoming, Available",
  ],
  [
    "a floorPrice that is not a decimal",
    () => ({ nftData: validCollection({ floorPrice: "cheap" }) }),
    'nftData.floorPrice: must be "notset" or a decimal number such as "0.25"',
  ],
  ["a negative TokenQuantity", () => ({ nftData: validCollection({ TokenQuantity: -1 }) }), "nftData.TokenQuantity: must be 0 or more"],
  [
    "a perk without ShortDescription",
    () => ({ nftData: validCollection(), perkData: [{ Tags: ["Merch"] }] }),
    "perkData[0].ShortDescription: expected a string",
  ],
  [
    "a perk without Tags",
    () => ({ nftData: validCollection(), perkData: [{ ShortDescription: "x" }] }),
    "perkData[0].Tags: expected an array of categories",
  ],
  [
    "a perk with no Tags",
    () => ({ nftData: validCollection(), perkData: [validPerk({ Tags: [] })] }),
    "perkData[0].Tags: at least one category is required",
  ],
  [
    "an unknown category",
    () => ({ nftData: validCollection(), perkData: [validPerk(), validPerk(), validPerk({ Tags: ["Cooking"] })] }),
    'perkData[2].Tags[0]: unknown category "Cooking"',
  ],
  [
    "a category in the wrong case",
    () => ({ nftData: validCollection(), perkData: [validPerk({ Tags: ["merch"] })] }),
    'perkData[0].Tags[0]: unknown category "merch"',
  ],
  [
    "a duplicate category",
    () => ({ nftData: validCollection(), perkData: [validPerk({ Tags: ["Merch", "Food", "Merch"] })] }),
    'perkData[0].Tags[2]: duplicate category "Merch"',
  ],
  [
    "an unknown perk Status",
    () => ({ nftData: validCollection(), perkData: [validPerk({ Status: "Now" })] }),
    "perkData[0].Status: must be one of Upcoming, Past",
  ],
  [
    "OneTime as a string",
    () => ({ nftData: validCollection(), perkData: [validPerk({ OneTime: "yes" })] }),
    "perkData[0].OneTime: expected true or false",
  ],
  [
    "a fractional TokensRequired",
    () => ({ nftData: validCollection(), perkData: [validPerk({ TokensRequired: 1.5 })] }),
    "perkData[0].TokensRequired: expected an integer",
  ],
  [
    "TokensRequired over a billion",
    () => ({ nftData: validCollection(), perkData: [validPerk({ TokensRequired: 1_000_000_001 })] }),
    "perkData[0].TokensRequired: must be between 0 and 1000000000",
  ],
  [
    "negative TokensRequired",
    () => ({ nftData: validCollection(), perkData: [validPerk({ TokensRequired: -1 })] }),
    "perkData[0].TokensRequired: must be between 0 and 1000000000",
  ],
  [
    "nanoseconds out of range",
    () => ({
      nftData: validCollection(),
      perkData: [validPerk({ Date: { dt: { seconds: 0, nanoseconds: 1_000_000_000 }, timeSet: false } })],
    }),
    "perkData[0].Date.dt.nanoseconds: must be between 0 and 999999999",
  ],
  [
    'a Date that is neither "" nor the object',
    () => ({ nftData: validCollection(), perkData: [validPerk({ Date: "2026-01-01" })] }),
    'perkData[0].Date: expected "" or {"dt":{"seconds":…,"nanoseconds":…},"timeSet":…}',
  ],
  [
    "a latitude over 90",
    () => ({ nftData: validCollection(), perkData: [validPerk({ Location: { latitude: 91, longitude: 0 } })] }),
    "perkData[0].Location.latitude: must be between -90 and 90",
  ],
  [
    "a longitude under -180",
    () => ({ nftData: validCollection(), perkData: [validPerk({ Location: { latitude: 0, longitude: -181 } })] }),
    "perkData[0].Location.longitude: must be between -180 and 180",
  ],
  [
    "a GeoPoint out of range",
    () => ({ nftData: validCollection(), perkData: [validPerk({ Location: { GeoPoint: { _lat: 100, _long: 0 } } })] }),
    "perkData[0].Location.GeoPoint._lat: must be between -90 and 90",
  ],
  [
    "more than 100 perks",
    () => ({ nftData: validCollection(), perkData: Array.from({ length: 101 }, () => validPerk()) }),
    "perkData: at most 100 perks per request",
  ],
  ["perkData that is not an array", () => ({ nftData: validCollection(), perkData: {} }), "perkData: expected an array of perks"],
  [
    "perks alone without a collection id",
    () => ({ perkData: [validPerk()] }),
    "perkData[0].PlatformNFTId: required when nftData is not sent",
  ],
  [
    "a perk id without a collection id",
    () => ({ perkData: [validPerk({ PlatformPerkId: "abc" })] }),
    'perkData[0].PlatformNFTId: required to edit perk "abc"',
  ],
  [
    "a perk naming another collection than nftData",
    () => ({ nftData: validCollection(), perkData: [validPerk({ PlatformNFTId: "other" })] }),
    "perkData[0].PlatformNFTId: must be empty or equal nftData.PlatformNFTId",
  ],
];

describe("POST /api-gateway/create: bad input is a 400 naming the field and stores nothing", () => {
  it.each(badBodies)("refuses %s", async (_what, body, message) => {
    const before = await dumpStore();
    const response = await create(owner.key, body());
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: message });
    expect(await dumpStore()).toEqual(before);
  });

  it("refuses the same perk edited twice in one request", async () => {
    const before = await dumpStore();
    const perk = validPerk({ PlatformNFTId: existingId, PlatformPerkId: existingPerkId });
    const response = await create(owner.key, { perkData: [perk, perk] });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: `perkData[1].PlatformPerkId: perk "${existingPerkId}" is already edited by perkData[0]`,
    });
    expect(await dumpStore()).toEqual(before);
  });

  it.each([
    ["truncated JSON", '{"nftData": {'],
    ["not JSON at all", "Title=Otters"],
    ["an empty body", ""],
    ["invalid UTF-8", Buffer.from([0x7b, 0xff, 0xfe, 0x7d]).toString("latin1")],
  ])("answers Can't Unmarshal Body to %s", async (_what, raw) => {
    const before = await dumpStore();
    const response = await create(owner.key, raw);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "Can't Unmarshal Body" });
    expect(await dumpStore()).toEqual(before);
  });

  it("refuses a body over 1 MiB with 413 by its declared length", async () => {
    const before = await dumpStore();
    const body = JSON.stringify({ nftData: validCollection({ CollectionDescription: long(1024 * 1024) }) });
    const response = await create(owner.key, body);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: "body: larger than the limit of 1048576 bytes" });
    expect(await dumpStore()).toEqual(before);
  });

  it("refuses a streamed body over 1 MiB that declares no length", async () => {
    const { POST } = await import("@/app/api-gateway/create/route");
    const chunk = new TextEncoder().encode(long(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1;
        if (sent > 40) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const request = new Request("http://localhost/api-gateway/create", {
      method: "POST",
      headers: { authorization: `Bearer ${owner.key}` },
      body: stream,
      duplex: "half",
    } as RequestInit);
    const response = await POST(request, { params: Promise.resolve({}) });
    expect(response.status).toBe(413);
    // Reading stopped shortly after the limit rather than draining all 2.5 MiB.
    expect(sent).toBeLessThan(40);
  });
});
