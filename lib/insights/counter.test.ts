import { describe, expect, it } from "vitest";
import { collectingAppearances, countAppearances, partsOf, takePending, uncounted } from "./counter";

describe("search appearances collected for a kept page", () => {
  it("are the search appearances counted within, each also counted as usual", async () => {
    takePending();
    const { value, appearances } = await collectingAppearances(async () => {
      countAppearances("search", { Docs: [{ PlatformNFTId: "c1" }, { PlatformNFTId: "c2", PlatformPerkId: "p1" }] });
      // A wallet's list and a facet-only search are not what a search page's view repeats.
      countAppearances("wallet", { Docs: [{ PlatformNFTId: "c3", PlatformPerkId: "p3" }] });
      uncounted(() => countAppearances("search", { Docs: [{ PlatformNFTId: "c4" }] }));
      await Promise.resolve();
      countAppearances("search", { Docs: [{ PlatformNFTId: "c1" }] });
      return "page";
    });
    expect(value).toBe("page");
    expect(appearances).toEqual([{ PlatformNFTId: "c1" }, { PlatformNFTId: "c2", PlatformPerkId: "p1" }, { PlatformNFTId: "c1" }]);
    const counted = [...takePending()].map(([key, n]) => {
      const { metric, collectionId, perkId } = partsOf(key);
      return [metric, collectionId, perkId, n];
    });
    expect(counted.sort()).toEqual(
      [
        ["search", "c1", "", 2],
        ["search", "c2", "p1", 1],
        ["wallet", "c3", "p3", 1],
      ].sort(),
    );
    // Outside it nothing is collected.
    countAppearances("search", { Docs: [{ PlatformNFTId: "c5" }] });
    expect(appearances).toHaveLength(3);
  });
});
