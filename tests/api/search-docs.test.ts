import { beforeAll, describe, expect, it } from "vitest";
import { type Caller, createOk, newCaller, retrieveOk, search, validCollection, validPerk } from "../support/api";

/**
 * A collection reads the same in a search answer as in retrieval, byte for byte, less the two
 * fields search leaves out: the same fields in the same order, optional ones absent (not null).
 */
let caller: Caller;
const ids: string[] = [];
const WORD = "quokkadocs";

const ODD_TEXT = 'Quote " backslash \\ slash / tab \t newline \n bell \u0007 nul-free é 🦊 \u2028 end';

beforeAll(async () => {
  caller = await newCaller();
  const bodies = [
    // Every field, with text that JSON escapes.
    {
      nftData: validCollection({
        Title: `${WORD} Everything`,
        CollectionDescription: ODD_TEXT,
        ContractText: "Contract <b>text</b> & more",
        Creator: 'Ödön "Q" O\'Brien',
        PriceRange: "0.1 - 2",
        PropertiesNames: ["Hat", 'Odd "name"', "Ünïcödé"],
        PropertiesValues: ["Red", "\\back", ""],
        TokenQuantity: Number.MAX_SAFE_INTEGER,
        TokenQuantityIssued: 0,
        floorPrice: "12.50",
      }),
      perkData: [validPerk(), validPerk({ ShortDescription: "Second" }), validPerk({ ShortDescription: "Third" })],
    },
    // Only the required fields: the optional ones must be absent, not null.
    { nftData: { Title: `${WORD} Bare`, ContractChain: "Solana" }, perkData: [] },
    { nftData: validCollection({ Title: `${WORD} Plain`, PropertiesNames: [], ReleaseStatus: "Available" }), perkData: [validPerk()] },
  ];
  for (const body of bodies) ids.push((await createOk(caller.key, body)).nftData.PlatformNFTId);
});

describe("search documents", () => {
  it("are the retrieved documents without Discord and Twitter, written as JSON.stringify writes them", async () => {
    const response = await search(caller.key, { query: WORD, sort: "title" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    const raw = await response.text();
    const expected = [];
    for (const id of ids) {
      const { Discord: _discord, Twitter: _twitter, ...doc } = (await retrieveOk(caller.key, id)).nftData;
      expected.push(doc);
    }
    // Sorted by title: Bare, Everything, Plain.
    const docs = [expected[1], expected[0], expected[2]];
    expect(raw).toBe(JSON.stringify({ NumPages: 1, Docs: docs }));
    expect(expected[1]).not.toHaveProperty("CollectionDescription");
    expect(expected[0]!.Perks).toHaveLength(3);
  });

  it("keep the facets after the documents", async () => {
    const response = await search(caller.key, { query: WORD, sort: "title", facets: "chain" });
    const raw = await response.text();
    const body = JSON.parse(raw) as { Docs: unknown[]; Facets: { chain: Record<string, number> } };
    expect(Object.keys(body)).toEqual(["NumPages", "Docs", "Facets"]);
    expect(body.Facets.chain).toEqual({ Ethereum: 2, Solana: 1 });
    expect(raw).toBe(JSON.stringify(body));
  });

  it("answer an empty page as an empty list", async () => {
    const response = await search(caller.key, { query: `${WORD} zzzznothing` });
    expect(await response.text()).toBe('{"NumPages":0,"Docs":[]}');
  });
});
