import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { browseResultSchema } from "@/lib/schemas/browse-card";
import { SOCKET_ADDRESS_HEADER } from "@/lib/rate-limit/client-ip";
import { FACET_VALUE_LIMIT } from "@/lib/schemas/search-params";
import { buildSearchBitmaps } from "@/lib/search/bitmaps";
import { type Caller, createOk, newCaller, search, validCollection } from "../support/api";
import { callRoute } from "../support/routes";

type Answer = { NumPages: number; Facets?: { chain?: Record<string, number> }; FacetsOther?: { chain?: number } };

/** 24 chains: the first four hold two collections each, the other twenty one each (28 in all). */
const CHAINS = Array.from({ length: 24 }, (_, index) => `Chain ${String(index + 1).padStart(2, "0")} ${"x".repeat(400)}`);
const collectionsOn = (index: number) => (index < 4 ? 2 : 1);
const TOTAL = CHAINS.reduce((sum, _, index) => sum + collectionsOn(index), 0);

let caller: Caller;

async function searchOk(params: Record<string, string>): Promise<Answer> {
  const response = await search(caller.key, params);
  const body = await response.json();
  if (response.status !== 200) throw new Error(`${response.status} ${JSON.stringify(body)}`);
  return body as Answer;
}

beforeAll(async () => {
  caller = await newCaller();
  for (const [index, chain] of CHAINS.entries()) {
    for (let copy = 0; copy < collectionsOn(index); copy += 1) {
      await createOk(caller.key, {
        nftData: validCollection({ Title: `Capped ${index}-${copy}`, ContractChain: chain, ReleaseStatus: "Available" }),
      });
    }
  }
  await buildSearchBitmaps();
}, 180_000);

/** The top FACET_VALUE_LIMIT chains by count, ties by name: the four doubles, then the first sixteen singles. */
const expectedTop = Object.fromEntries(CHAINS.slice(0, FACET_VALUE_LIMIT).map((chain, index) => [chain, collectionsOn(index)]));

describe("the chain facet (free text) is capped", () => {
  it("lists the chains with the most matches and sums the rest in FacetsOther, from the bitmaps", async () => {
    const answer = await searchOk({ query: "capped", facets: "chain,category" });
    expect(answer.Facets!.chain).toEqual(expectedTop);
    expect(Object.keys(answer.Facets!.chain!)).toHaveLength(FACET_VALUE_LIMIT);
    expect(answer.FacetsOther).toEqual({ chain: TOTAL - Object.values(expectedTop).reduce((sum, n) => sum + n, 0) });
  });

  it("does the same when the facets are counted over rows (with releaseStatus)", async () => {
    const answer = await searchOk({ query: "capped", releaseStatus: "Available", facets: "chain" });
    expect(answer.Facets!.chain).toEqual(expectedTop);
    expect(answer.FacetsOther).toEqual({ chain: 4 });
  });

  it("leaves FacetsOther out when every chain is listed or no chain facet is asked for", async () => {
    const few = await searchOk({ query: "capped 1", facets: "chain" });
    expect(Object.keys(few.Facets!.chain!).length).toBeLessThanOrEqual(FACET_VALUE_LIMIT);
    expect(few).not.toHaveProperty("FacetsOther");
    expect(await searchOk({ query: "capped", facets: "category" })).not.toHaveProperty("FacetsOther");
  });
});

describe("GET /api/search with a chain chosen", () => {
  const ip = `10.${randomBytes(3).join(".")}`;
  const browse = (params: Record<string, string>) =>
    callRoute(new Request(`http://localhost/api/search?${new URLSearchParams(params)}`, { headers: { [SOCKET_ADDRESS_HEADER]: ip } }));

  it("keeps every other chain's count (the counts without the chain filter) and the capped rest", async () => {
    const response = await browse({ query: "capped", chain: CHAINS[5]!, facets: "category,chain" });
    expect(response.status).toBe(200);
    const result = browseResultSchema.parse(await response.json());
    expect(result.cards).toHaveLength(1);
    expect(result.facets!.chain).toEqual(expectedTop);
    expect(result.facetsOther).toEqual({ chain: 4 });
    // Categories still follow every filter, the chain included.
    expect(Object.values(result.facets!.category!).every((n) => n <= 1)).toBe(true);
  });
});
