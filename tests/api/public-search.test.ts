import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { browseResultSchema } from "@/lib/schemas/browse-card";
import { SOCKET_ADDRESS_HEADER } from "@/lib/rate-limit/client-ip";
import { PAGE_SIZE } from "@/lib/schemas/search-params";
import { type Caller, createOk, newCaller, search, validCollection, validPerk } from "../support/api";
import { callRoute } from "../support/routes";

const ip = `10.${randomBytes(3).join(".")}`;

function browse(params: Record<string, string> = {}) {
  return callRoute(new Request(`http://localhost/api/search?${new URLSearchParams(params)}`, { headers: { [SOCKET_ADDRESS_HEADER]: ip } }));
}

let owner: Caller;
const ids: string[] = [];

beforeAll(async () => {
  owner = await newCaller();
  // 45 collections: three pages. Every third has a Food perk; the last one is titled apart.
  for (let index = 0; index < 45; index += 1) {
    const echo = await createOk(owner.key, {
      nftData: validCollection({ Title: index === 44 ? "Quokka Quorum" : `Browse Fixture ${index}`, Creator: "Fixture Labs" }),
      perkData: index % 3 === 0 ? [validPerk({ Tags: ["Food", "Events"] }), validPerk({ Tags: ["Food"] })] : [],
    });
    ids.push(echo.nftData.PlatformNFTId);
  }
});

describe("GET /api/search: the browse page's keyless search", () => {
  it("answers cards without an API key, newest first, with rate-limit headers", async () => {
    const response = await browse();
    expect(response.status).toBe(200);
    expect(response.headers.get("ratelimit-limit")).toMatch(/^\d+$/);
    const result = browseResultSchema.parse(await response.json());
    expect(result.NumPages).toBe(3);
    expect(result.page).toBe(1);
    expect(result.cards).toHaveLength(PAGE_SIZE);
    expect(result.cards[0]).toEqual({
      id: ids[44],
      title: "Quokka Quorum",
      image: "https://images.example.com/otters.png",
      chain: "Ethereum",
      creator: "Fixture Labs",
      releaseStatus: "Upcoming",
      categories: [],
      perkCount: 0,
      verifiedBy: null,
    });
  });

  it("filters by category and lists each card's categories and perk count", async () => {
    const result = browseResultSchema.parse(await (await browse({ category: "Food" })).json());
    expect(result.NumPages).toBe(1);
    expect(result.cards).toHaveLength(15);
    for (const card of result.cards) {
      expect(card.categories).toEqual(["Events", "Food"]);
      expect(card.perkCount).toBe(2);
    }
  });

  it("pages through the same order as the gateway's search", async () => {
    const gateway = await (await search(owner.key, { pageNum: 2 })).json();
    const result = browseResultSchema.parse(await (await browse({ pageNum: "2" })).json());
    expect(result.cards.map((card) => card.id)).toEqual(gateway.Docs.map((doc: { PlatformNFTId: string }) => doc.PlatformNFTId));
    expect(gateway.NumPages).toBe(3);
  });

  it("answers the last page for a page past the end", async () => {
    const result = browseResultSchema.parse(await (await browse({ pageNum: "999999999" })).json());
    expect(result.page).toBe(3);
    expect(result.cards).toHaveLength(5);
  });

  it("finds text, title matches first", async () => {
    const result = browseResultSchema.parse(await (await browse({ query: "quokka" })).json());
    expect(result.cards.map((card) => card.id)).toEqual([ids[44]]);
  });

  it("refuses bad parameters in the API's error format", async () => {
    const unknown = await browse({ category: "Cooking" });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error).toMatch(/^category: unknown category "Cooking"/);
    const page = await browse({ pageNum: "0" });
    expect(page.status).toBe(400);
    expect(await page.json()).toMatchObject({ error: "pageNum: must be a positive integer below 1,000,000,000" });
  });
});
