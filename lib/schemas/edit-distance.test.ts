import { describe, expect, it } from "vitest";
import { nearChain } from "./chains";
import { editDistance } from "./edit-distance";

describe("editDistance", () => {
  it("counts insertions, deletions, substitutions and neighbour swaps", () => {
    expect(editDistance("ethereum", "ethereum")).toBe(0);
    expect(editDistance("etherium", "ethereum")).toBe(1);
    expect(editDistance("polgyon", "polygon")).toBe(1);
    expect(editDistance("bse", "base")).toBe(1);
    expect(editDistance("", "base")).toBe(4);
    expect(editDistance("kitten", "sitting")).toBe(3);
  });
  it("stops past its limit", () => {
    expect(editDistance("solana", "ethereum", 2)).toBe(3);
    expect(editDistance("a", "abcdef", 2)).toBe(3);
  });
});

describe("nearChain", () => {
  it("suggests the known chain a label misspells", () => {
    expect(nearChain("Etherium")?.label).toBe("Ethereum");
    expect(nearChain(" arbitrim ")?.label).toBe("Arbitrum");
    expect(nearChain("Optimsim")?.label).toBe("Optimism");
    expect(nearChain("Bsae")?.label).toBe("Base");
  });
  it("says nothing for a known label, another chain or a short word", () => {
    expect(nearChain("ethereum")).toBeUndefined();
    expect(nearChain("Solana")).toBeUndefined();
    expect(nearChain("Tezos")).toBeUndefined();
    expect(nearChain("ba")).toBeUndefined();
  });
});
