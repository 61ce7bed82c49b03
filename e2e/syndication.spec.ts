import ICAL from "ical.js";
import { parseFeed } from "@rowanmanning/feed-parser";
import { expect, test } from "./fixtures";

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const NASTY = `</script><script>window.smuggled = 1</script> "quoted" 🦦 שלום`;
const pathOf = (url: string | null) => (url ? new URL(url).pathname + new URL(url).search : null);

/** What search engines, link previews, feed readers and calendars read of the public pages. */
test.describe("syndication", () => {
  test("a collection page states its canonical URL, preview, feed and calendar, and JSON-LD that cannot break out", async ({
    page,
    request,
    createCollection,
    uniqueWord,
  }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const { id, perkIds } = await createCollection({ Title: `Lantern ${uniqueWord}`, CollectionDescription: "d".repeat(400) }, [
      {
        ShortDescription: NASTY,
        Tags: ["Events"],
        Date: { dt: { seconds: now() + 30 * DAY, nanoseconds: 0 }, timeSet: true },
        Location: { address: "1 Quay Street, Auckland", GeoPoint: { _lat: -36.8433, _long: 174.7665 } },
        TokensRequired: 2,
      },
      { ShortDescription: "Undated perk", Tags: ["Merch"] },
    ]);

    await page.goto(`/collections/${id}?perks=all`);
    const head = page.locator("head");
    expect(pathOf(await head.locator('link[rel="canonical"]').getAttribute("href"))).toBe(`/collections/${id}`);
    await expect(head.locator('meta[property="og:title"]')).toHaveAttribute("content", `Lantern ${uniqueWord}`);
    expect((await head.locator('meta[property="og:description"]').getAttribute("content"))!.length).toBeLessThanOrEqual(160);
    expect(pathOf(await head.locator('meta[property="og:url"]').getAttribute("content"))).toBe(`/collections/${id}`);
    const ogImage = await head.locator('meta[property="og:image"]').getAttribute("content");
    expect(pathOf(ogImage)).toBe(`/collections/${id}/opengraph-image`);
    await expect(head.locator('meta[property="og:image"]')).toHaveCount(1);
    expect(await head.locator('meta[name="twitter:image"]').getAttribute("content")).toBe(ogImage);
    const feedHref = await head.locator('link[rel="alternate"][type="application/atom+xml"]').getAttribute("href");
    const calendarHref = await head.locator('link[rel="alternate"][type="text/calendar"]').getAttribute("href");
    expect(pathOf(feedHref)).toBe(`/collections/${id}/feed.xml`);
    expect(pathOf(calendarHref)).toBe(`/collections/${id}/calendar.ics`);

    const scripts = page.locator('script[type="application/ld+json"]');
    await expect(scripts).toHaveCount(1);
    const graph = JSON.parse((await scripts.textContent())!)["@graph"];
    expect(graph[0]).toMatchObject({ "@type": "Collection", name: `Lantern ${uniqueWord}` });
    expect(graph.filter((node: { "@type": string }) => node["@type"] === "Event").map((event: { name: string }) => event.name)).toEqual([
      NASTY,
    ]);
    expect(await page.evaluate(() => (window as { smuggled?: number }).smuggled)).toBeUndefined();

    const card = await request.get(new URL(ogImage!).pathname + new URL(ogImage!).search);
    expect(card.status()).toBe(200);
    expect(card.headers()["content-type"]).toBe("image/png");
    expect(card.headers()["cache-control"]).toContain("s-maxage=30");

    // "Add to calendar" on the dated perk only; the file it links parses back.
    const add = page.getByRole("link", { name: "Add to calendar" });
    await expect(add).toHaveCount(1);
    const ics = await request.get((await add.getAttribute("href"))!);
    expect(ics.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(await ics.text())).getFirstSubcomponent("vevent")!);
    expect(event.summary).toBe(NASTY);
    expect(event.uid).toContain(perkIds[0]);

    const feed = await request.get(pathOf(feedHref)!);
    expect(feed.headers()["content-type"]).toBe("application/atom+xml; charset=utf-8");
    expect(parseFeed(await feed.text()).items.map((item) => item.title)).toContain(`Perk added: ${NASTY}`);
    expect((await request.get(pathOf(calendarHref)!)).status()).toBe(200);
    expect(violations).toEqual([]);
  });

  test("the browser and /perks name one canonical URL per view, and a category's feed", async ({ page }) => {
    await page.goto("/?category=merch&pageSize=20");
    expect(pathOf(await page.locator('head link[rel="canonical"]').getAttribute("href"))).toBe("/?category=Merch");
    expect(pathOf(await page.locator('head link[rel="alternate"][type="application/atom+xml"]').getAttribute("href"))).toBe(
      "/perks/feed.xml?category=Merch",
    );
    await page.goto("/perks?category=events&status=upcoming");
    expect(pathOf(await page.locator('head link[rel="canonical"]').getAttribute("href"))).toBe("/perks?category=Events&status=Upcoming");
    await page.goto("/");
    expect(pathOf(await page.locator('head link[rel="canonical"]').getAttribute("href"))).toBe("/");
    await expect(page.locator('head link[rel="alternate"][type="application/atom+xml"]')).toHaveCount(0);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/og-image\.png$/);
  });

  test("robots.txt names the sitemap, whose index and files list the pages and collections", async ({
    request,
    createCollection,
    uniqueWord,
  }) => {
    const { id } = await createCollection({ Title: `Sitemap ${uniqueWord}` });
    const robots = await (await request.get("/robots.txt")).text();
    const sitemapUrl = robots.match(/^Sitemap: (\S+)$/m)?.[1];
    expect(new URL(sitemapUrl!).pathname).toBe("/sitemap.xml");
    expect(robots).toContain("Disallow: /portal");
    const index = await request.get("/sitemap.xml");
    expect(index.headers()["cache-control"]).toContain("s-maxage=30");
    const files = [...(await index.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    expect(files[0]).toBe("/sitemaps/pages.xml");
    const locs: string[] = [];
    for (const file of files.slice(1))
      locs.push(...[...(await (await request.get(file)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!));
    expect(locs.map((loc) => new URL(loc).pathname)).toContain(`/collections/${id}`);
    // A collection without a description of its own still has a meta description (Lighthouse SEO).
    const html = await (await request.get(`/collections/${id}`)).text();
    expect(html).toContain(`<meta name="description" content="The perks holders of Sitemap ${uniqueWord} get, a collection on`);
  });
});
