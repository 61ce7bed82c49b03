import { beforeAll, describe, expect, it } from "vitest";
import { type Caller, newCaller, search } from "../support/api";
import { storeManyCollections } from "../support/many-collections";

/** More matches than the result window: 10,030 collections on Base, all titled "Facet …", the even ones tagged Voting. */
const STORED = 10_030;

let caller: Caller;

beforeAll(async () => {
  caller = await newCaller();
  await storeManyCollections({
    idPrefix: "f",
    title: "Facet",
    creator: "Prism Works",
    count: STORED,
    managerId: caller.userId,
    everyOtherCategory: "Voting",
  });
}, 120_000);

async function page(params: Record<string, string | number>) {
  const response = await search(caller.key, params);
  expect(response.status).toBe(200);
  return (await response.json()) as {
    NumPages: number;
    Docs: unknown[];
    Facets: { category: Record<string, number>; chain: Record<string, number> };
  };
}

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((total, n) => total + n, 0);

describe("facets at the result window", () => {
  it.each([[{}], [{ query: "facet" }], [{ query: "prism" }], [{ sort: "title" }]])(
    "count the 10,000 matches served, summing to them (%j)",
    async (params) => {
      const answer = await page({ ...params, facets: "category,chain" });
      expect(answer.NumPages).toBe(500);
      expect(answer.Facets.chain).toEqual({ Base: 10_000 });
      expect(sum(answer.Facets.chain)).toBe(10_000);
      expect(answer.Facets.category.Voting).toBeGreaterThan(0);
      expect(answer.Facets.category.Voting).toBeLessThanOrEqual(10_000);
    },
  );

  it("count exactly below the window, and NumPages follows pageSize", async () => {
    const voting = await page({ category: "Voting", facets: "category,chain", pageSize: 100 });
    expect(voting.NumPages).toBe(51); // 5,015 matches
    expect(voting.Facets.chain).toEqual({ Base: 5015 });
    expect(voting.Facets.category.Voting).toBe(5015);
    const last = await page({ category: "Voting", query: "facet", pageSize: 100, pageNum: 51 });
    expect(last.Docs).toHaveLength(15);
  });

  it("end the last page at the window when the page size does not divide it", async () => {
    const last = await page({ pageSize: 30, pageNum: 334 });
    expect(last.NumPages).toBe(334);
    expect(last.Docs).toHaveLength(10);
    expect((await page({ pageSize: 30, pageNum: 335 })).Docs).toEqual([]);
  });
});
