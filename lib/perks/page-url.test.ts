import { describe, expect, it } from "vitest";
import { collectionPageHref, perkAnchorHref } from "./page-url";

describe("collectionPageHref", () => {
  it("is the bare page unless asked for more", () => {
    expect(collectionPageHref("c1")).toBe("/collections/c1");
    expect(collectionPageHref("c1", { all: true })).toBe("/collections/c1?perks=all");
    expect(collectionPageHref("c1", { all: true, perk: "p 2", anchor: "p 2" })).toBe("/collections/c1?perks=all&perk=p+2#perk-p%202");
    expect(collectionPageHref("c1", { anchor: "p2" })).toBe("/collections/c1#perk-p2");
  });

  it("links a perk so its page renders it, wherever it stands", () => {
    expect(perkAnchorHref("c/1", "p2")).toBe("/collections/c%2F1?perk=p2#perk-p2");
  });
});
