import { beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_CACHE_CONTROL } from "@/lib/syndication/answers";
import { FEED_ENTRIES } from "@/lib/syndication/feed-store";
import { create, createOk, deleteCollection, newCaller, validCollection, validPerk } from "../support/api";
import { readAtom } from "../support/atom";
import { callRoute } from "../support/routes";

/* Atom feeds: a collection's public changelog, and a category's new and changed perks. */

const get = (path: string) => callRoute(new Request(`http://localhost${path}`));
async function feedAt(path: string) {
  const response = await get(path);
  expect(response.status, path).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
  expect(response.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
  const text = await response.text();
  return { text, feed: readAtom(text) };
}

const NASTY = `<script>alert("x")</script> ]]> & 'q' 🦦 שלום`;
const DAY = { dt: { seconds: 2_082_758_400, nanoseconds: 0 }, timeSet: false };
const PAST = { dt: { seconds: 1_600_000_000, nanoseconds: 0 }, timeSet: true };

let key: string;
let id: string;
beforeAll(async () => {
  ({ key } = await newCaller());
  const created = await createOk(key, {
    nftData: validCollection({ Title: `Otters ${NASTY}` }),
    perkData: [
      validPerk({ ShortDescription: `Party ${NASTY}`, Tags: ["Sustainability"], LongDescription: "x".repeat(10_000) }),
      validPerk({ ShortDescription: "Old meetup", Date: PAST, Status: "Past" }),
    ],
  });
  id = created.nftData.PlatformNFTId;
  const [first, old] = created.perkData.map((perk: { PlatformPerkId: string }) => perk.PlatformPerkId);
  const edit = await create(key, {
    nftData: { PlatformNFTId: id, ...validCollection({ Title: `Otters ${NASTY}` }) },
    perkData: [
      {
        ...validPerk({ ShortDescription: `Party ${NASTY}`, Tags: ["Sustainability"], Date: DAY }),
        PlatformNFTId: id,
        PlatformPerkId: first,
      },
      { ...validPerk({ ShortDescription: "Old meetup", Date: PAST, Status: "Past" }), PlatformNFTId: id, PlatformPerkId: old },
      { ...validPerk({ ShortDescription: "Brand new" }), PlatformNFTId: id },
    ],
  });
  expect(edit.status).toBe(200);
});

describe("a collection's feed", () => {
  it("is Atom listing perks added, moved and passed, newest first, linked back to the page", async () => {
    const { feed } = await feedAt(`/collections/${id}/feed.xml`);
    expect(feed.title).toBe(`Otters ${NASTY}: what changed`);
    expect(feed.url).toBe(`http://localhost/collections/${id}`);
    const titles = feed.items.map((item) => item.title);
    expect(titles).toContain("Perk added: Brand new");
    expect(titles).toContain(`New date for Party ${NASTY}`);
    expect(titles).toContain("Perk passed: Old meetup");
    expect(titles.filter((title) => title?.startsWith("Perk added:"))).toHaveLength(3);
    const times = feed.items.map((item) => item.updated!.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(feed.items.map((item) => item.id)).size).toBe(feed.items.length);
  });

  it("lists a perk's rename and its other changed fields, as What changed does", async () => {
    const created = await createOk(key, {
      nftData: validCollection({ Title: "Renamed otters" }),
      perkData: [validPerk({ ShortDescription: "10% off merch" })],
    });
    const collectionId = created.nftData.PlatformNFTId;
    const perkId = created.perkData[0].PlatformPerkId;
    const edit = await create(key, {
      nftData: { PlatformNFTId: collectionId, ...validCollection({ Title: "Renamed otters" }) },
      perkData: [
        {
          ...validPerk({ ShortDescription: "15% off merch", LongDescription: "Now more" }),
          PlatformNFTId: collectionId,
          PlatformPerkId: perkId,
        },
      ],
    });
    expect(edit.status).toBe(200);
    const { feed } = await feedAt(`/collections/${collectionId}/feed.xml`);
    const titles = feed.items.map((item) => item.title);
    expect(titles).toContain("Perk renamed: “10% off merch” is now “15% off merch”");
    expect(titles).toContain("Perk changed: 15% off merch");
  });

  it("keeps markup as text: nothing a partner wrote becomes an element or ends a CDATA section", async () => {
    const { text } = await feedAt(`/collections/${id}/feed.xml`);
    expect(text).not.toContain("<script");
    expect(text.match(/\]\]>/g)?.length).toBe(text.match(/<!\[CDATA\[/g)?.length);
  });

  it("holds at most FEED_ENTRIES entries", async () => {
    const many = await createOk(key, { nftData: validCollection({ Title: "Busy" }), perkData: [] });
    const manyId = many.nftData.PlatformNFTId;
    for (let round = 0; round < 3; round++) {
      const perkData = Array.from({ length: 20 }, (_, n) => ({
        ...validPerk({ ShortDescription: `P${round}-${n}` }),
        PlatformNFTId: manyId,
      }));
      expect((await create(key, { nftData: { PlatformNFTId: manyId, ...validCollection({ Title: "Busy" }) }, perkData })).status).toBe(200);
    }
    const { feed } = await feedAt(`/collections/${manyId}/feed.xml`);
    expect(feed.items).toHaveLength(FEED_ENTRIES);
  });

  it("answers 404 for an unknown collection, and for one deleted", async () => {
    const gone = (await createOk(key, { nftData: validCollection({ Title: "Gone" }), perkData: [] })).nftData.PlatformNFTId;
    expect((await get(`/collections/${gone}/feed.xml`)).status).toBe(200);
    expect((await deleteCollection(key, gone)).status).toBe(200);
    for (const unknown of [gone, "nope", "x".repeat(300)]) {
      const response = await get(`/collections/${unknown}/feed.xml`);
      expect(response.status, unknown).toBe(404);
      expect((await response.json()).error).toMatch(/not found$/);
    }
  });
});

describe("a category's feed", () => {
  it("lists the category's perks, newest collection change first, with summaries cut", async () => {
    const { feed } = await feedAt("/perks/feed.xml?category=sustainability");
    expect(feed.title).toBe("Sustainability perks: new and changed");
    expect(feed.url).toBe("http://localhost/perks?category=Sustainability");
    expect(feed.items.map((item) => item.title)).toEqual([`Party ${NASTY} (Otters ${NASTY})`]);
    expect(feed.items[0]!.url).toBe(`http://localhost/collections/${id}?perk=${feed.items[0]!.url!.split("perk=")[1]}`);
    expect(Array.from(feed.items[0]!.description!).length).toBeLessThanOrEqual(1_000);
  });

  it("answers 404 for a name that is no category", async () => {
    for (const path of ["/perks/feed.xml", "/perks/feed.xml?category=Cooking"]) expect((await get(path)).status, path).toBe(404);
  });
});
