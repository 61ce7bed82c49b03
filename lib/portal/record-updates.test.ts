import { describe, expect, it } from "vitest";
import type { CollectionRecord } from "@/lib/schemas/create-request";
import type { PerkDoc } from "@/lib/schemas/perk";
import { afterCollectionSave, afterPerkRemoval, afterPerkSave } from "./record-updates";

const perk = (id: string, ShortDescription: string): PerkDoc => ({
  PlatformNFTId: "n1",
  PlatformPerkId: id,
  ShortDescription,
  Tags: ["Food"],
});

const record: CollectionRecord = {
  nftData: {
    PlatformNFTId: "n1",
    Title: "Otters",
    ContractChain: "Base",
    Website: "https://otters.example.com",
    Managers: ["Users/u1"],
    Perks: ["Perks/p1", "Perks/p2"],
    Version: 3,
    lastmodified: 1,
    path: "NFTs/n1",
    CreationDate: "11/22/2026",
    BlockchainSyncStatus: "Synced",
    BlockchainSyncLocation: "",
  },
  perkData: [perk("p1", "One"), perk("p2", "Two")],
};

describe("the cached record after the editor's own writes", () => {
  it("replaces the partner's fields with what was saved and keeps the service's", () => {
    const next = afterCollectionSave(record, { Title: "Renamed", ContractChain: "Base" }, 4);
    expect(next.nftData).toEqual({ ...record.nftData, Title: "Renamed", Version: 4, Website: undefined });
    expect("Website" in next.nftData).toBe(false);
    expect(next.perkData).toBe(record.perkData);
  });

  it("replaces an edited perk in place, adds a new one at the end, and takes the new Version", () => {
    const edited = afterPerkSave(record, perk("p1", "One, edited"), 4);
    expect(edited.perkData.map((item) => item.ShortDescription)).toEqual(["One, edited", "Two"]);
    expect(edited.nftData).toEqual({ ...record.nftData, Version: 4 });
    const added = afterPerkSave(record, perk("p3", "Three"), 4);
    expect(added.perkData.map((item) => item.PlatformPerkId)).toEqual(["p1", "p2", "p3"]);
  });

  it("drops a removed perk and takes the new Version", () => {
    const next = afterPerkRemoval(record, "p1", 4);
    expect(next.perkData).toEqual([perk("p2", "Two")]);
    expect(next.nftData.Version).toBe(4);
  });
});
