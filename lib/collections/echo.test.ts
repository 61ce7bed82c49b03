import { describe, expect, it } from "vitest";
import { createRequestSchema, GATEWAY_STATUS } from "@/lib/schemas/create-request";
import { echo } from "./echo";

describe("echo", () => {
  it("fills in the new collection's id, Version and perk ids, and leaves server-managed fields out", () => {
    const submitted = {
      nftData: { Title: "Otters", ContractChain: "Base", Managers: ["Users/attacker"], path: "NFTs/x", Version: 9 },
      perkData: [{ ShortDescription: "Hoodie", Tags: ["Merch"] }],
    };
    const request = createRequestSchema.parse(submitted);
    const response = echo(submitted, request, { nftId: "n1", perkIds: ["p1"], newVersions: new Map([["n1", 1]]) });
    expect(response).toEqual({
      nftData: { Title: "Otters", ContractChain: "Base", PlatformNFTId: "n1", Version: 1 },
      perkData: [{ ShortDescription: "Hoodie", Tags: ["Merch"], PlatformNFTId: "n1", PlatformPerkId: "p1" }],
      GatewayStatus: GATEWAY_STATUS,
    });
    expect(submitted.nftData.Managers).toEqual(["Users/attacker"]);
  });

  it("gives a perk the new Version of its collection only when it carried one", () => {
    const submitted = {
      perkData: [
        { ShortDescription: "Hoodie", Tags: ["Merch"], PlatformNFTId: "a", Version: 3 },
        { ShortDescription: "Party", Tags: ["Events"], PlatformNFTId: "b" },
      ],
    };
    const request = createRequestSchema.parse(submitted);
    const response = echo(submitted, request, {
      perkIds: ["p1", "p2"],
      newVersions: new Map([
        ["a", 4],
        ["b", 8],
      ]),
    });
    expect(response.perkData).toEqual([
      { ShortDescription: "Hoodie", Tags: ["Merch"], PlatformNFTId: "a", Version: 4, PlatformPerkId: "p1" },
      { ShortDescription: "Party", Tags: ["Events"], PlatformNFTId: "b", PlatformPerkId: "p2" },
    ]);
    expect("nftData" in response).toBe(false);
  });
});
