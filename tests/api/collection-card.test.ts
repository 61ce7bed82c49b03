import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import Image from "@/app/collections/[id]/opengraph-image";
import { PUBLIC_CACHE_CONTROL } from "@/lib/syndication/answers";
import { cardFacts, drawable } from "@/lib/syndication/card-facts";
import { createOk, newCaller, validCollection, validPerk } from "../support/api";

/* A collection's link preview: a 1200×630 PNG drawn on the server, with no network. */

const card = (id: string) => Image({ params: Promise.resolve({ id }) });
/** Width and height from a PNG's IHDR chunk. */
const pngSize = (bytes: Buffer) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

const BAD_TITLE = `<script>alert("x")</script> Otters 🦦 שלום «quoted» ${"long ".repeat(2_000)}`;
let id: string;
beforeAll(async () => {
  const { key } = await newCaller();
  const created = await createOk(key, {
    nftData: validCollection({ Title: BAD_TITLE.slice(0, 200), CollectionDescription: "d".repeat(10_000) }),
    perkData: [validPerk(), validPerk({ Tags: ["Events", "Food", "Drink", "Music/Audio"] })],
  });
  id = created.nftData.PlatformNFTId;
});
afterEach(() => vi.restoreAllMocks());

describe("the collection card", () => {
  it("is a cacheable 1200×630 PNG, drawn without fetching a font or an emoji image", async () => {
    const fetched = vi.spyOn(globalThis, "fetch");
    const response = await card(id);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(1, 4).toString()).toBe("PNG");
    expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 });
    // The layout engine loads itself from a data: URL; nothing may go to the network.
    const asked = fetched.mock.calls.map(([url]) => String(url instanceof Request ? url.url : url));
    expect(asked.filter((url) => !url.startsWith("data:"))).toEqual([]);
  });

  it("answers 404 for an unknown id", async () => {
    for (const unknown of ["nope", "x".repeat(300)]) expect((await card(unknown)).status).toBe(404);
  });

  it("shows the title's drawable characters cut to fit, the first three categories and the count", () => {
    expect(drawable("Otters 🦦 שלום «quoted» — café")).toBe("Otters «quoted» — café");
    const facts = cardFacts(validCollection({ Title: BAD_TITLE, PlatformNFTId: "x", VerifiedBy: "0xabc" }) as never, 12, [
      "Merch",
      "Events",
      "Food",
      "Drink",
    ]);
    expect(Array.from(facts.title)).toHaveLength(80);
    expect(facts.title.endsWith("…")).toBe(true);
    expect(facts).toMatchObject({ chain: "Ethereum", verified: true, perks: 12, categories: ["Merch", "Events", "Food"] });
    expect(cardFacts(validCollection({ Title: "🦦🦦" }) as never, 0, []).title).toBe("An NFT collection");
  });
});
