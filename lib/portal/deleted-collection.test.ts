import { describe, expect, it } from "vitest";
import { deletedText, perkCountText } from "./deleted-collection";

describe("deletedText", () => {
  it("names the collection and how many perks went with it", () => {
    expect(deletedText("Otter Club", 3)).toBe("Deleted “Otter Club” (3 perks)");
    expect(deletedText("Otter Club", 1)).toBe("Deleted “Otter Club” (1 perk)");
    expect(deletedText("Otter Club", 0)).toBe("Deleted “Otter Club” (no perks)");
    expect(perkCountText(1200)).toBe("1,200 perks");
  });
});
