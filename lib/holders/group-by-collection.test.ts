import { describe, expect, it } from "vitest";
import { groupByCollection } from "./group-by-collection";

const doc = (collection: string, perk: string) => ({
  PlatformNFTId: collection,
  PlatformPerkId: perk,
  CollectionTitle: `Title ${collection}`,
});

describe("groupByCollection", () => {
  it("keeps the answer's order: groups by their first doc, docs as they came", () => {
    const groups = groupByCollection([doc("b", "1"), doc("a", "2"), doc("b", "3")]);
    expect(groups.map((group) => [group.collectionId, group.title, group.docs.map((one) => one.PlatformPerkId)])).toEqual([
      ["b", "Title b", ["1", "3"]],
      ["a", "Title a", ["2"]],
    ]);
  });

  it("answers no group for no docs", () => {
    expect(groupByCollection([])).toEqual([]);
  });
});
