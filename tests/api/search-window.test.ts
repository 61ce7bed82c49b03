import { beforeAll, describe, expect, it } from "vitest";
import { type Caller, newCaller, search } from "../support/api";
import { storeManyCollections } from "../support/many-collections";

/** More matches than the result window: 10,030 collections on Base, all titled "Window …", the even ones tagged Voting. */
const STORED = 10_030;

let caller: Caller;

beforeAll(async () => {
  caller = await newCaller();
  await storeManyCollections({
    idPrefix: "w",
    title: "Window",
    creator: "Pane Works",
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
    Docs: { PlatformNFTId: string }[];
    Facets: { category: Record<string, number>; chain: Record<string, number> };
  };
}

describe("the result window (first 10,000 matches)", () => {
  it.each([[{ query: "window" }], [{}], [{ query: "pane" }]])(
    "counts at most 500 pages and serves page 500 in full (%j)",
    async (params) => {
      const last = await page({ ...params, pageNum: 500 });
      expect(last.NumPages).toBe(500);
      expect(last.Docs).toHaveLength(20);
      expect(await page({ ...params, pageNum: 501 })).toEqual({ NumPages: 500, Docs: [] });
    },
  );

  it("counts exactly below the window", async () => {
    // 5,015 of the rows carry Voting: 251 pages, the last with 15.
    const last = await page({ category: "Voting", pageNum: 251 });
    expect(last.NumPages).toBe(251);
    expect(last.Docs).toHaveLength(15);
  });

  it.each([[{ query: "wind" }], [{}]])("pages never overlap or skip across the window (%j)", async (params) => {
    const seen = new Set<string>();
    for (const pageNum of [1, 2, 3, 498, 499, 500]) {
      for (const doc of (await page({ ...params, pageNum })).Docs) seen.add(doc.PlatformNFTId);
    }
    expect(seen.size).toBe(6 * 20);
    // Pages 1..3 and 498..500 of a fixed store are contiguous slices of one order.
    const firstThree = [1, 2, 3].map((pageNum) => page({ ...params, pageNum }));
    const ids = (await Promise.all(firstThree)).flatMap((result) => result.Docs.map((doc) => doc.PlatformNFTId));
    const together = await page({ ...params, pageNum: 1 });
    expect(ids.slice(0, 20)).toEqual(together.Docs.map((doc) => doc.PlatformNFTId));
  });
});

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((total, n) => total + n, 0);

describe("facets past the result window", () => {
  // From the search bitmaps, facets count every match, also those past the 10,000 served.
  it.each([[{}], [{ query: "window" }], [{ query: "pane" }], [{ sort: "title" }]])(
    "count every match, summing to all of them (%j)",
    async (params) => {
      const answer = await page({ ...params, facets: "category,chain" });
      expect(answer.NumPages).toBe(500);
      expect(answer.Facets.chain).toEqual({ Base: STORED });
      expect(sum(answer.Facets.chain)).toBe(STORED);
      expect(answer.Facets.category.Voting).toBe(STORED / 2);
      expect(answer.Facets.category.Merch).toBe(0);
    },
  );

  it("count exactly below the window, and NumPages follows pageSize", async () => {
    const voting = await page({ category: "Voting", facets: "category,chain", pageSize: 100 });
    expect(voting.NumPages).toBe(51); // 5,015 matches
    expect(voting.Facets.chain).toEqual({ Base: 5015 });
    expect(voting.Facets.category.Voting).toBe(5015);
    const last = await page({ category: "Voting", query: "window", pageSize: 100, pageNum: 51 });
    expect(last.Docs).toHaveLength(15);
  });

  it("end the last page at the window when the page size does not divide it", async () => {
    const last = await page({ pageSize: 30, pageNum: 334 });
    expect(last.NumPages).toBe(334);
    expect(last.Docs).toHaveLength(10);
    expect((await page({ pageSize: 30, pageNum: 335 })).Docs).toEqual([]);
  });
});
