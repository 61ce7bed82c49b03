import { beforeAll, describe, expect, it } from "vitest";
import { type Caller, newCaller, search } from "../support/api";
import { storeManyCollections } from "../support/many-collections";

/** More matches than the result window: 10,030 collections, all titled "Window …", some tagged Voting. */
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
  return (await response.json()) as { NumPages: number; Docs: { PlatformNFTId: string }[] };
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
