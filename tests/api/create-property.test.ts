import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { CATEGORIES } from "@/lib/schemas/category-list";
import { GATEWAY_STATUS } from "@/lib/schemas/create-request";
import { type Caller, create, createOk, dumpStore, newCaller, validCollection } from "../support/api";

let caller: Caller;
let existingId: string;
beforeAll(async () => {
  caller = await newCaller();
  existingId = (await createOk(caller.key, { nftData: validCollection() })).nftData.PlatformNFTId;
});

const text = (max: number) => fc.string({ maxLength: max, unit: "grapheme" });
const url = fc.oneof(fc.webUrl(), fc.constant(""), fc.constant("javascript:alert(1)"), text(20));
const tags = fc.oneof(
  fc.uniqueArray(fc.constantFrom(...CATEGORIES), { minLength: 1, maxLength: 4 }),
  fc.array(fc.oneof(fc.constantFrom(...CATEGORIES), text(10)), { maxLength: 4 }),
);
const date = fc.oneof(
  fc.constant(""),
  fc.record({ dt: fc.record({ seconds: fc.integer(), nanoseconds: fc.integer({ min: -5, max: 1_000_000_005 }) }), timeSet: fc.boolean() }),
  fc.jsonValue(),
);

const collection = fc.record(
  {
    PlatformNFTId: fc.oneof(fc.constant(""), fc.constant("missing-id"), text(70)),
    Title: text(210),
    ContractChain: fc.oneof(fc.constantFrom("Ethereum", "Base", "Solana"), text(5)),
    CollectionDescription: text(50),
    Website: url,
    ImagePic: url,
    ReleaseStatus: fc.oneof(fc.constantFrom("Upcoming", "Available"), text(8)),
    floorPrice: fc.oneof(fc.constant("notset"), fc.float({ noNaN: true }).map(String), text(6)),
    TokenQuantity: fc.oneof(fc.nat(), fc.integer({ min: -10, max: -1 }), fc.double()),
    Version: fc.nat({ max: 3 }),
  },
  { requiredKeys: [] },
);

const perk = fc.record(
  {
    ShortDescription: text(40),
    Tags: tags,
    Status: fc.oneof(fc.constantFrom("Upcoming", "Past"), text(5)),
    TokensRequired: fc.oneof(fc.integer({ min: 0, max: 1_000_000_000 }), fc.integer(), fc.double()),
    OneTime: fc.oneof(fc.boolean(), fc.jsonValue()),
    Date: date,
    Location: fc.record(
      { latitude: fc.double({ min: -100, max: 100, noNaN: true }), longitude: fc.double({ min: -200, max: 200, noNaN: true }) },
      { requiredKeys: [] },
    ),
    Site: url,
  },
  { requiredKeys: [] },
);

const word = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,30}$/);
const validCollectionBody = fc.record({
  nftData: fc.record(
    {
      Title: word,
      ContractChain: fc.constantFrom("Ethereum", "Base", "Solana"),
      CollectionDescription: fc.option(text(200), { nil: undefined }),
      Website: fc.option(fc.webUrl(), { nil: undefined }),
      ReleaseStatus: fc.option(fc.constantFrom("Upcoming", "Available"), { nil: undefined }),
      TokenQuantity: fc.option(fc.nat(), { nil: undefined }),
    },
    { requiredKeys: ["Title", "ContractChain"] },
  ),
  perkData: fc.array(
    fc.record({
      ShortDescription: word,
      Tags: fc.uniqueArray(fc.constantFrom(...CATEGORIES), { minLength: 1, maxLength: 4 }),
      TokensRequired: fc.integer({ min: 0, max: 1_000_000_000 }),
    }),
    { maxLength: 3 },
  ),
});

/** Bodies that are valid, nearly valid, or anything at all that JSON can carry. */
const body = fc.oneof(
  { weight: 2, arbitrary: validCollectionBody },
  { weight: 3, arbitrary: fc.record({ nftData: collection, perkData: fc.array(perk, { maxLength: 3 }) }, { requiredKeys: [] }) },
  {
    weight: 1,
    arbitrary: fc.record({
      perkData: fc.array(
        perk.map((p) => ({ ...p, PlatformNFTId: "" })),
        { maxLength: 2 },
      ),
    }),
  },
  { weight: 1, arbitrary: fc.dictionary(text(8), fc.jsonValue(), { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.jsonValue() },
);

describe("create under generated input (property-based)", () => {
  it("never answers 5xx; answers the echo or an {error}; a refusal leaves the store as it was", async () => {
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(body, fc.constantFrom("as generated", "existing", "unknown"), async (generated, target) => {
        const retarget = target !== "as generated" && typeof generated === "object" && generated !== null && "nftData" in generated;
        const sent = retarget
          ? {
              ...generated,
              nftData: { ...(generated.nftData as object), PlatformNFTId: target === "existing" ? existingId : "no-such-id" },
            }
          : generated;
        const before = await dumpStore();
        const response = await create(caller.key, JSON.stringify(sent));
        const answer = await response.json();
        seen.set(response.status, (seen.get(response.status) ?? 0) + 1);
        expect(response.status).toBeLessThan(500);
        if (response.status === 200) {
          expect(answer.GatewayStatus).toBe(GATEWAY_STATUS);
        } else {
          expect([400, 403, 404, 409, 413]).toContain(response.status);
          // The contract's message and its code, with the field when one is at fault (decision 081).
          expect(["code", "error", "field"]).toEqual(expect.arrayContaining(Object.keys(answer)));
          expect(typeof answer.code).toBe("string");
          expect(typeof answer.error).toBe("string");
          expect(await dumpStore()).toEqual(before);
        }
      }),
      { numRuns: 150 },
    );
    // The generators reach both sides: stored edits and creates, and refusals of several kinds.
    expect(seen.get(200) ?? 0).toBeGreaterThan(5);
    expect(seen.get(400) ?? 0).toBeGreaterThan(5);
    expect(seen.get(404) ?? 0).toBeGreaterThan(0);
  });
});
