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
      await expect(link).toHaveAttribute("href", /^https?:\/\//);
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
