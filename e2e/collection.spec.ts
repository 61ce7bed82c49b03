import { expect, expectNoAxeViolations, test } from "./fixtures";

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);

test.describe("collection page", () => {
  test("opens from the browser and shows every perk, Upcoming then Past", async ({ page, createCollection, uniqueWord }) => {
    const { id } = await createCollection(
      {
        Title: `Harbor ${uniqueWord} Club`,
        Creator: "Harbor Labs",
        ReleaseStatus: "Available",
        CollectionDescription: "Boats, and the people who like them.",
        Website: "https://harbor.example.com",
        MarketPlace: "OpenSea",
        MarketPlaceLink: "https://opensea.io/collection/harbor",
        floorPrice: "0.25",
        TokenQuantity: 5000,
        ImagePic: "https://images.invalid/harbor.png",
      },
      [
        {
          ShortDescription: "Summer regatta",
          Status: "Upcoming",
          Tags: ["Events", "Sports"],
          Date: { dt: { seconds: now() + 30 * DAY, nanoseconds: 0 }, timeSet: true },
          Location: {
            address: "1 Quay Street, Auckland",
            latitude: -36.8433,
            longitude: 174.7665,
            GeoPoint: { _lat: -36.8433, _long: 174.7665 },
          },
          Site: "https://harbor.example.com/regatta",
          TokensRequired: 2,
          OneTime: true,
        },
        { ShortDescription: "Crew jacket", Status: "Upcoming", Tags: ["Apparel"] },
        {
          ShortDescription: "Winter dinner",
          Status: "Past",
          Tags: ["Food"],
          Date: { dt: { seconds: now() - 60 * DAY, nanoseconds: 0 }, timeSet: false },
        },
      ],
    );

    await page.goto(`/?query=${uniqueWord}`);
    await page.getByRole("link", { name: `Harbor ${uniqueWord} Club` }).click();
    await expect(page).toHaveURL(`/collections/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Harbor ${uniqueWord} Club`);
    await expect(page).toHaveTitle(`Harbor ${uniqueWord} Club · Utility Data Service`);

    const upcoming = page.getByRole("region", { name: "Upcoming (2)" });
    const past = page.getByRole("region", { name: "Past (1)" });
    await expect(upcoming.getByRole("heading", { level: 3 })).toHaveText(["Summer regatta", "Crew jacket"]);
    await expect(past.getByRole("heading", { level: 3 })).toHaveText(["Winter dinner"]);
    const headings = await page.getByRole("heading", { level: 2 }).allInnerTexts();
    expect(headings.indexOf("Upcoming (2)")).toBeLessThan(headings.indexOf("Past (1)"));

    const regatta = upcoming.getByRole("article").filter({ hasText: "Summer regatta" });
    await expect(regatta.getByText("1 Quay Street, Auckland")).toBeVisible();
    await expect(regatta.getByText("36.8433° S, 174.7665° E")).toBeVisible();
    await expect(regatta.getByText("Hold 2 tokens")).toBeVisible();
    const map = regatta.getByRole("link", { name: /View on a map/ });
    await expect(map).toHaveAttribute("href", /^https:\/\/www\.openstreetmap\.org\/\?mlat=-36\.84330&mlon=174\.76650/);
    for (const link of await page.locator('a[target="_blank"]').all()) {
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
      // Another site, or the collection's own link through the insights' counting redirect.
      await expect(link).toHaveAttribute("href", /^(https?:\/\/|\/api\/insights\/out\/)/);
    }
    await expect(page.getByRole("link", { name: /harbor\.example\.com\/regatta/ })).toBeVisible();

    // The image host does not resolve: the initials stand in, at the same size.
    await expect(page.locator("main img")).toHaveCount(0);

    const details = page.getByRole("region", { name: "Details" });
    await expect(details.getByText("0.25")).toBeVisible();
    await expect(details.getByText("5,000")).toBeVisible();

    await page.getByRole("list", { name: "Perk categories of this collection" }).getByRole("link", { name: "Sports" }).click();
    await expect(page).toHaveURL("/?category=Sports");
    await expect(page.getByRole("heading", { name: "Sports perks" })).toBeVisible();
  });

  test("dates follow the visitor's locale and time zone", async ({ browser, createCollection, baseURL }) => {
    const seconds = Date.UTC(2031, 2, 5, 18, 30) / 1000;
    const { id } = await createCollection({ Title: "Dated collection" }, [
      { ShortDescription: "Timed", Status: "Upcoming", Tags: ["Events"], Date: { dt: { seconds, nanoseconds: 0 }, timeSet: true } },
      {
        ShortDescription: "All day",
        Status: "Upcoming",
        Tags: ["Events"],
        Date: { dt: { seconds: Date.UTC(2031, 2, 7) / 1000, nanoseconds: 0 }, timeSet: false },
      },
    ]);
    const context = await browser.newContext({ baseURL, locale: "de-DE", timezoneId: "Asia/Tokyo" });
    const page = await context.newPage();
    await page.goto(`/collections/${id}`);
    await expect(page.getByText("6. März 2031, 03:30 GMT+9")).toBeVisible();
    await expect(page.getByText("7. März 2031", { exact: true })).toBeVisible();
    await context.close();
  });

  test("a page of 90 perks of 10,000 characters stays small, and Show more reads a perk whole by keyboard", async ({
    page,
    request,
    createCollection,
  }) => {
    // About 10,000 characters ending in a word of their own, so the HTML can be searched for what was cut.
    const text = (index: number, words = 1_998) => `${"word ".repeat(words)}word end${index}`;
    const ninety = (words: number) =>
      Array.from({ length: 90 }, (_, index) => ({
        ShortDescription: `Perk ${index}`,
        LongDescription: text(index, words),
        Tags: ["Merch"],
      }));
    const { id, perkIds } = await createCollection({ Title: "Ninety long perks", CollectionDescription: "Long texts." }, ninety(1_998));
    const { id: shorter } = await createCollection({ Title: "Ninety long perks", CollectionDescription: "Long texts." }, ninety(140));

    // The page grows with its perks, not their length: 10,000 characters a perk weigh what 700 do.
    // Before previews it was 2.1 MB, every text whole twice (the HTML and the React payload).
    const html = await (await request.get(`/collections/${id}`)).text();
    const htmlOfShorter = await (await request.get(`/collections/${shorter}`)).text();
    expect(Math.abs(html.length - htmlOfShorter.length)).toBeLessThan(90 * 100);
    expect(html.length).toBeLessThan(90 * 6_000);
    expect(html).not.toContain("end0");
    expect(html).toContain('<meta name="description" content="Long texts."');

    await page.goto(`/collections/${id}`);
    const card = page.locator(`#perk-${perkIds[0]}`);
    const more = card.getByRole("button", { name: "Show more: Perk 0" });
    await expect(card).toContainText("word word…");
    await expect(more).toHaveAttribute("aria-expanded", "false");
    const shownText = card.locator(`[id="${await more.getAttribute("aria-controls")}"]`);

    const read = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/collections/${id}/perks/${perkIds[0]}`);
    await more.focus();
    await page.keyboard.press("Enter");
    expect((await read).status()).toBe(200);
    const less = card.getByRole("button", { name: "Show less: Perk 0" });
    await expect(less).toHaveAttribute("aria-expanded", "true");
    await expect(less).toBeFocused();
    await expect(shownText).toHaveText(text(0));

    await page.keyboard.press("Space");
    await expect(more).toHaveAttribute("aria-expanded", "false");
    await expect(shownText).not.toContainText("end0");
    await expect(more).toBeFocused();

    // Without JavaScript "Show more" is a link to the page with that perk whole, which search engines skip.
    const whole = await (await request.get(`/collections/${id}?perk=${perkIds[3]}`)).text();
    expect(whole).toContain("end3");
    expect(whole).not.toContain("end4");
    expect(whole).toContain('<meta name="robots" content="noindex, follow"');
  });

  test("on the page asked for a perk, Show less puts its preview back; a read that fails says so beside its button", async ({
    page,
    createCollection,
  }) => {
    const long = (end: string) => `${"word ".repeat(300)}${end}`;
    const { id, perkIds } = await createCollection({ Title: "Two long perks" }, [
      { ShortDescription: "Perk A", LongDescription: long("endA"), Tags: ["Merch"] },
      { ShortDescription: "Perk B", LongDescription: long("endB"), Tags: ["Merch"] },
    ]);
    await page.goto(`/collections/${id}?perk=${perkIds[0]}`);
    const first = page.locator(`#perk-${perkIds[0]}`);
    const less = first.getByRole("button", { name: "Show less: Perk A" });
    await expect(less).toHaveAttribute("aria-expanded", "true");
    const region = first.locator(`[id="${await less.getAttribute("aria-controls")}"]`);
    await expect(region).toHaveText(long("endA"));
    await less.click();
    const more = first.getByRole("button", { name: "Show more: Perk A" });
    await expect(more).toHaveAttribute("aria-expanded", "false");
    await expect(region).toContainText("word word…");
    await expect(region).not.toContainText("endA");
    await more.click();
    await expect(region).toHaveText(long("endA"));

    const second = page.locator(`#perk-${perkIds[1]}`);
    const path = `/api/collections/${id}/perks/${perkIds[1]}`;
    await page.route(`**${path}`, (route) => route.fulfill({ status: 404, json: { error: "Not Found" } }));
    const moreB = second.getByRole("button", { name: "Show more: Perk B" });
    await moreB.click();
    await expect(second.getByRole("alert")).toHaveText("The full text could not be loaded. Try again.");
    await expect(moreB).toHaveAttribute("aria-expanded", "false");
    await page.unroute(`**${path}`);
    const read = page.waitForResponse((response) => new URL(response.url()).pathname === path);
    await moreB.click();
    expect((await read).status()).toBe(200);
    await expect(second.getByRole("button", { name: "Show less: Perk B" })).toHaveAttribute("aria-expanded", "true");
    await expect(second.getByRole("alert")).toHaveCount(0);
    await expect(second).toContainText("endB");
  });

  test("a long collection renders its first perks, Show all the rest, and a link to a later perk finds it", async ({
    page,
    browser,
    baseURL,
    createCollection,
  }) => {
    const { id, perkIds } = await createCollection(
      { Title: "Thirty perks" },
      Array.from({ length: 30 }, (_, index) => ({ ShortDescription: `Perk ${index}`, Status: "Upcoming", Tags: ["Merch"] })),
    );
    const cards = page.getByRole("article");
    await page.goto(`/collections/${id}`);
    await expect(page.getByRole("heading", { level: 2, name: "Upcoming (30)" })).toBeVisible();
    await expect(cards).toHaveCount(12);
    await expect(page.getByText("Showing 12 of 30 perks.")).toBeVisible();
    await page.getByRole("link", { name: "Show all 30 perks" }).click();
    // It continues at the first perk it adds.
    await expect(page).toHaveURL(`/collections/${id}?perks=all#perk-${perkIds[12]}`);
    await expect(cards).toHaveCount(30);
    await expect(page.locator(`#perk-${perkIds[12]}`)).toBeInViewport();
    await expect(page.getByRole("link", { name: /Show all/ })).toHaveCount(0);

    // A link to a perk past the first asks for it, and finds it marked, with or without JavaScript.
    const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false });
    for (const tab of [page, await noScript.newPage()]) {
      await tab.goto(`/collections/${id}?perk=${perkIds[28]}#perk-${perkIds[28]}`);
      await expect(tab.getByRole("article")).toHaveCount(30);
      await expect(tab.locator(`#perk-${perkIds[28]}`)).toBeInViewport();
    }
    // Without JavaScript "Show all" is the same link.
    const plain = noScript.pages()[0]!;
    await plain.goto(`/collections/${id}`);
    await expect(plain.getByRole("article")).toHaveCount(12);
    await plain.getByRole("link", { name: "Show all 30 perks" }).click();
    await expect(plain.getByRole("article")).toHaveCount(30);
    await noScript.close();

    // An anchor made before the page was cut (a bookmark) to a perk it leaves out opens the page with all of them.
    await page.goto(`/collections/${id}#perk-${perkIds[29]}`);
    await expect(page).toHaveURL(`/collections/${id}?perks=all#perk-${perkIds[29]}`);
    await expect(page.locator(`#perk-${perkIds[29]}`)).toBeInViewport();
  });

  test("an unknown id shows the 404 page", async ({ page }) => {
    for (const id of ["nope", "x".repeat(300), "%3Cscript%3E"]) {
      const response = await page.goto(`/collections/${id}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Collection not found");
    }
    await page.getByRole("link", { name: "Browse all collections" }).click();
    await expect(page).toHaveURL("/");
  });

  test("has no axe violations, nor has the 404 page", async ({ page, createCollection }) => {
    const { id } = await createCollection(
      { Title: "Accessible collection", Website: "https://a11y.example.com", ContractAddress: "0xabc" },
      [
        {
          ShortDescription: "Meetup",
          Status: "Upcoming",
          Tags: ["Events"],
          Location: { address: "Main Square", latitude: 1, longitude: 2 },
          // Long enough to be cut, so its "Show more" is checked too.
          LongDescription: "All welcome. ".repeat(100),
        },
        { ShortDescription: "Old airdrop", Status: "Past", Tags: ["Airdrops"] },
      ],
    );
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await page.goto(`/collections/${id}`);
      await expectNoAxeViolations(page);
    }
    await page.goto("/collections/does-not-exist");
    await expectNoAxeViolations(page);
  });
});
