import { describe, expect, it } from "vitest";
import type { CollectionDoc } from "@/lib/schemas/collection";
import type { PerkDoc } from "@/lib/schemas/perk";
import { collectionJsonLd, JSON_LD_EVENTS, scriptSafeJson } from "./json-ld";

const nft = {
  PlatformNFTId: "otters",
  Title: "Bored Otters",
  ContractChain: "Ethereum",
  CollectionDescription: "d".repeat(10_000),
  ImagePic: "https://images.example.com/otters.png",
  Creator: "Otter Labs",
} as CollectionDoc;
const at = (iso: string, timeSet = true) => ({ dt: { seconds: Date.parse(iso) / 1000, nanoseconds: 0 }, timeSet });
const perk = (fields: Partial<PerkDoc>): PerkDoc => ({
  PlatformNFTId: "otters",
  PlatformPerkId: "p1",
  ShortDescription: "Meetup",
  Tags: ["Events"],
  ...fields,
});
const graphOf = (perks: PerkDoc[], collection: CollectionDoc = nft) =>
  collectionJsonLd(collection, perks, "https://uds.example.com")["@graph"] as unknown as Record<string, any>[];

describe("a collection page's JSON-LD", () => {
  it("describes the collection, its description cut, and says when it is verified", () => {
    const [collection] = graphOf([]);
    expect(collection).toMatchObject({ "@type": "Collection", name: "Bored Otters", url: "https://uds.example.com/collections/otters" });
    expect(Array.from(collection!.description)).toHaveLength(300);
    expect(collection).not.toHaveProperty("disambiguatingDescription");
    const [verified] = graphOf([], { ...nft, Verified: true, VerifiedBy: "0xabc" } as CollectionDoc);
    expect(verified!.disambiguatingDescription).toMatch(/^Verified: .*0xabc/);
  });

  it("has an Event for each dated perk with the fields Google's event results require", () => {
    const events = graphOf([
      perk({ PlatformPerkId: "undated" }),
      perk({
        PlatformPerkId: "nyc",
        ShortDescription: "Holder party",
        Date: at("2036-01-02T18:30:00Z"),
        TokensRequired: 3,
        OneTime: true,
        Location: { address: "1 Main St, New York", GeoPoint: { _lat: 40.7, _long: -74 } },
      }),
      perk({ PlatformPerkId: "day", Date: at("2036-01-01T00:00:00Z", false), Site: "https://otters.example.com/stream" }),
    ]).slice(1);
    expect(events.map((event) => event.startDate)).toEqual(["2036-01-01", "2036-01-02T18:30:00.000Z"]);
    for (const event of events) {
      expect(event["@type"]).toBe("Event");
      expect(event.name).toEqual(expect.any(String));
      expect(event.eventStatus).toBe("https://schema.org/EventScheduled");
      expect(event.offers).toMatchObject({ "@type": "Offer", description: expect.stringMatching(/^For holders of at least/) });
      expect(["Place", "VirtualLocation"]).toContain(event.location["@type"]);
    }
    expect(events[0]!.location).toEqual({ "@type": "VirtualLocation", url: "https://otters.example.com/stream" });
    expect(events[1]).toMatchObject({
      name: "Holder party",
      url: "https://uds.example.com/collections/otters?perk=nyc#perk-nyc",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      location: {
        "@type": "Place",
        address: { "@type": "PostalAddress", streetAddress: "1 Main St, New York" },
        geo: { "@type": "GeoCoordinates", latitude: 40.7, longitude: -74 },
      },
      offers: { description: "For holders of at least 3 tokens of Bored Otters, once per holder." },
    });
  });

  it("describes at most JSON_LD_EVENTS events, the soonest", () => {
    const perks = Array.from({ length: JSON_LD_EVENTS + 5 }, (_, n) =>
      perk({ PlatformPerkId: `p${n}`, Date: at(`2036-01-01T00:00:00Z`, false), ShortDescription: `P${n}` }),
    );
    expect(graphOf(perks)).toHaveLength(JSON_LD_EVENTS + 1);
  });
});

describe("scriptSafeJson", () => {
  it("keeps markup, quotes, emoji, RTL and line separators inside the script element, and parses back the same", () => {
    const nasty = `</script><script>alert("x")</script><!-- & 🦦 שלום \u2028\u2029 '`;
    const text = scriptSafeJson({ name: nasty });
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual({ name: nasty });
    const graph = graphOf([perk({ ShortDescription: nasty, Date: at("2036-01-01T00:00:00Z") })]);
    expect(scriptSafeJson(graph)).not.toContain("</script");
  });
});
