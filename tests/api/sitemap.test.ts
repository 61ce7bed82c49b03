import { XMLParser } from "fast-xml-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_CACHE_CONTROL } from "@/lib/syndication/answers";
import { collectionFileStarts, collectionsFrom } from "@/lib/syndication/sitemap-store";
import { createOk, deleteCollection, newCaller, validCollection } from "../support/api";
import { callRoute } from "../support/routes";

/* /sitemap.xml and its files, /robots.txt: what search engines read to find every public page. */

const get = (path: string) => callRoute(new Request(`http://localhost${path}`));
const xml = new XMLParser({ isArray: (name) => ["sitemap", "url"].includes(name) });
const read = async (path: string) => {
  const response = await get(path);
  expect(response.status, path).toBe(200);
  expect(response.headers.get("content-type"), path).toMatch(/^application\/xml/);
  expect(response.headers.get("cache-control"), path).toBe(PUBLIC_CACHE_CONTROL);
  return xml.parse(await response.text());
};
const locsOf = (document: { urlset: { url?: { loc: string; lastmod?: string }[] } }) => (document.urlset.url ?? []).map((url) => url.loc);

/** Every collection page the files of the current index list. */
async function everyListedPage(): Promise<string[]> {
  const files = (await read("/sitemap.xml")).sitemapindex.sitemap.map((entry: { loc: string }) => new URL(entry.loc).pathname);
  const pages: string[] = [];
  for (const file of files.slice(1)) pages.push(...locsOf(await read(file)));
  return pages;
}

let key: string;
const ids: string[] = [];
beforeAll(async () => {
  ({ key } = await newCaller());
  for (const title of ['Otters <&> "one"', "Otters two", "Otters three"]) {
    ids.push((await createOk(key, { nftData: validCollection({ Title: title }), perkData: [] })).nftData.PlatformNFTId);
  }
});

describe("/sitemap.xml", () => {
  it("is a sitemaps.org index of the pages file and the collection files, absolute and cacheable", async () => {
    const index = await read("/sitemap.xml");
    const locs = index.sitemapindex.sitemap.map((entry: { loc: string }) => entry.loc);
    expect(index.sitemapindex["@_xmlns"] ?? "http://www.sitemaps.org/schemas/sitemap/0.9").toBe(
      "http://www.sitemaps.org/schemas/sitemap/0.9",
    );
    expect(locs[0]).toBe("http://localhost/sitemaps/pages.xml");
    expect(locs.slice(1)).toHaveLength(1);
    expect(locs[1]).toMatch(/^http:\/\/localhost\/sitemaps\/collections\/.+\.xml$/);
  });

  it("lists every collection page with its lastmod, and one deleted leaves it", async () => {
    const [, first] = (await read("/sitemap.xml")).sitemapindex.sitemap.map((entry: { loc: string }) => new URL(entry.loc).pathname);
    const file = await read(first);
    for (const id of ids) expect(locsOf(file)).toContain(`http://localhost/collections/${id}`);
    for (const url of file.urlset.url) expect(url.lastmod).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // Ids are random: a new one may sort before the first file's first id, and then the index names
    // a file from it. So the new collection is looked for in every file the index names now.
    const gone = (await createOk(key, { nftData: validCollection({ Title: "Soon gone" }), perkData: [] })).nftData.PlatformNFTId;
    expect(await everyListedPage()).toContain(`http://localhost/collections/${gone}`);
    expect((await deleteCollection(key, gone)).status).toBe(200);
    expect(await everyListedPage()).not.toContain(`http://localhost/collections/${gone}`);
  });

  it("lists the browser and /perks, whole and by category, in the pages' own canonical form", async () => {
    const locs = locsOf(await read("/sitemaps/pages.xml"));
    expect(locs).toContain("http://localhost/");
    expect(locs).toContain("http://localhost/perks");
    expect(locs).toContain("http://localhost/?category=Merch");
    expect(locs).toContain("http://localhost/?category=IP+Rights");
    expect(locs).toContain("http://localhost/perks?category=Music%2FAudio");
    expect(locs).toHaveLength(3 + 2 * 18);
  });

  it("answers 404 for a file that is not one", async () => {
    for (const path of ["/sitemaps/collections/abc", "/sitemaps/collections/%00.xml", `/sitemaps/collections/${"x".repeat(300)}.xml`]) {
      expect((await get(path)).status, path).toBe(404);
    }
  });
});

describe("collection files", () => {
  it("tile the collections in keyset pages: each id once, in order, whatever the file size", async () => {
    const all = (await collectionsFrom("", 1_000)).map((row) => row.id);
    for (const perFile of [1, 2, 3]) {
      const starts = await collectionFileStarts(perFile);
      expect(starts).toHaveLength(Math.ceil(all.length / perFile));
      const tiled: string[] = [];
      for (const [index, start] of starts.entries()) {
        const rows = await collectionsFrom(start, perFile);
        const next = starts[index + 1];
        tiled.push(...rows.map((row) => row.id).filter((id) => next === undefined || id < next));
      }
      expect(tiled).toEqual(all);
    }
  });
});

describe("/robots.txt", () => {
  it("names the sitemap by its absolute URL and keeps the portal and the APIs out", async () => {
    const response = await get("/robots.txt");
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toContain("Sitemap: http://localhost/sitemap.xml");
    for (const path of ["/portal", "/api/", "/api-gateway/"]) expect(text).toContain(`Disallow: ${path}`);
  });
});
