import { describe, expect, it } from "vitest";
import type { CreateResponse } from "@/lib/collections/echo";
import type { CreateRequest } from "@/lib/schemas/create-request";
import { eventsOfWrite } from "./write-events";

const perks = (count: number, edited: boolean) =>
  Array.from({ length: count }, (_, index) => ({
    Title: `Perk ${index}`,
    ...(edited ? { PlatformNFTId: "nft1", PlatformPerkId: `perk${index}` } : {}),
  }));

describe("the events of one write", () => {
  it("a new collection with 100 perks raises two events, the perks listed in one", () => {
    const request = { nftData: { Title: "Club" }, perkData: perks(100, false) } as unknown as CreateRequest;
    const response = {
      nftData: { PlatformNFTId: "nft1", Version: 1 },
      perkData: Array.from({ length: 100 }, (_, index) => ({ PlatformNFTId: "nft1", PlatformPerkId: `new${index}` })),
    } as unknown as CreateResponse;
    const events = eventsOfWrite(request, response);
    expect(events.map((event) => event.type)).toEqual(["collection.created", "perk.created"]);
    expect(events[0]!.data).toEqual({ PlatformNFTId: "nft1", Version: 1 });
    const listed = (events[1]!.data as { Perks: unknown[] }).Perks;
    expect(listed).toHaveLength(100);
    expect(listed[7]).toEqual({ PlatformNFTId: "nft1", PlatformPerkId: "new7" });
  });

  it("an edit of perks across collections raises one perk.created and one perk.updated, however many perks", () => {
    const request = {
      perkData: [...perks(3, true), { Title: "New", PlatformNFTId: "nft2" }, { Title: "Also new", PlatformNFTId: "nft3" }],
    } as unknown as CreateRequest;
    const response = {
      perkData: [
        { PlatformNFTId: "nft1", PlatformPerkId: "perk0" },
        { PlatformNFTId: "nft1", PlatformPerkId: "perk1" },
        { PlatformNFTId: "nft1", PlatformPerkId: "perk2" },
        { PlatformNFTId: "nft2", PlatformPerkId: "fresh1" },
        { PlatformNFTId: "nft3", PlatformPerkId: "fresh2" },
      ],
    } as unknown as CreateResponse;
    expect(eventsOfWrite(request, response)).toEqual([
      {
        type: "perk.created",
        data: {
          Perks: [
            { PlatformNFTId: "nft2", PlatformPerkId: "fresh1" },
            { PlatformNFTId: "nft3", PlatformPerkId: "fresh2" },
          ],
        },
      },
      { type: "perk.updated", data: { Perks: ["perk0", "perk1", "perk2"].map((id) => ({ PlatformNFTId: "nft1", PlatformPerkId: id })) } },
    ]);
  });

  it("an edit of the collection alone raises collection.updated only", () => {
    const request = { nftData: { PlatformNFTId: "nft1", Title: "Renamed" } } as unknown as CreateRequest;
    const response = { nftData: { PlatformNFTId: "nft1", Version: 4 } } as unknown as CreateResponse;
    expect(eventsOfWrite(request, response)).toEqual([{ type: "collection.updated", data: { PlatformNFTId: "nft1", Version: 4 } }]);
  });
});
