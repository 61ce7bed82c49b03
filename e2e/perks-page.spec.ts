import { expect, expectNoAxeViolations, test } from "./fixtures";

/** Two perks of one collection 1.7 km apart on the Gulf of Aden coast, far from any seeded place by chance. */
const HERE = { latitude: 12.7855, longitude: 45.0187 };
const NEAR = `${HERE.latitude},${HERE.longitude}`;

type CreateCollection = (
  nftData: Record<string, unknown>,
  perkData?: Record<string, unknown>[],
) => Promise<{ id: string; perkIds: string[] }>;

async function storePerks(createCollection: CreateCollection, word: string) {
  return createCollection({ Title: `${word} Harbour Club` }, [
    {
      ShortDescription: `${word} harbour meetup`,
      Tags: ["Events"],
      Status: "Upcoming",
      OneTime: true,
      Date: { dt: { seconds: Date.UTC(2036, 5, 15) / 1000, nanoseconds: 0 }, timeSet: false },
      Location: { latitude: HERE.latitude, longitude: HERE.longitude, address: "Harbour front" },
    },
    {
      ShortDescription: `${word} lighthouse tour`,
      Tags: ["Events"],
      Status: "Upcoming",
      Date: { dt: { seconds: Date.UTC(2036, 6, 1) / 1000, nanoseconds: 0 }, timeSet: false },
      Location: { latitude: 12.8, longitude: 45.025 },
    },
  ]);
}

test.describe("the perks page", () => {
  test("filters from the form land in the URL and the server-rendered list", async ({ page, createCollection, uniqueWord }) => {
    await storePerks(createCollection, uniqueWord);
    await page.goto(`/perks?query=${uniqueWord}`);
    const list = page.getByRole("list", { name: "Perks" });
    await expect(list.getByRole("link", { name: `${uniqueWord} harbour meetup` })).toBeVisible();
    await expect(list.getByRole("link", { name: `${uniqueWord} lighthouse tour` })).toBeVisible();

    await page.getByLabel("One-time").selectOption("true");
    await page.getByLabel("From", { exact: true }).fill("2036-06-01");
    await page.getByLabel("To", { exact: true }).fill("2036-06-30");
    await page.getByRole("button", { name: "Show perks" }).click();
    await expect(page).toHaveURL(/oneTime=true/);
    await expect(page).toHaveURL(/from=2036-06-01&to=2036-06-30/);
    await expect(list.getByRole("link", { name: `${uniqueWord} harbour meetup` })).toBeVisible();
    await expect(list.getByRole("link", { name: `${uniqueWord} lighthouse tour` })).toHaveCount(0);

    // A URL that cannot be answered as written shows the nearest view and says what changed.
    await page.goto(`/perks?query=${uniqueWord}&from=2036-06-30&to=2036-06-01`);
    await expect(page.getByRole("note")).toHaveText("The end date was before the start date, so the two were swapped.");
    await expect(list.getByRole("link", { name: `${uniqueWord} harbour meetup` })).toBeVisible();
    await page.goto(`/perks?query=${uniqueWord}zzz`);
    await expect(page.getByText("No perks found")).toBeVisible();
  });

  test("the list works without JavaScript", async ({ browser, createCollection, uniqueWord }) => {
    await storePerks(createCollection, uniqueWord);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/perks?query=${uniqueWord}&near=${NEAR}&radiusKm=5`);
    await expect(page.getByRole("list", { name: "Perks" }).getByRole("link", { name: `${uniqueWord} harbour meetup` })).toBeVisible();
    await expect(page.getByText("0.0 km away")).toBeVisible();
    await expect(page.getByRole("button", { name: "Near me" })).toHaveCount(0);
    await context.close();
  });

  test.describe("near me, with the location shared", () => {
    test.use({ geolocation: HERE, permissions: ["geolocation"] });
    test("puts the visitor's place in the URL and lists the nearest first", async ({ page, createCollection, uniqueWord }) => {
      await storePerks(createCollection, uniqueWord);
      await page.goto(`/perks?query=${uniqueWord}`);
      const answered = page.waitForResponse((response) => response.url().includes("near=") && response.status() === 200, {
        timeout: 60_000,
      });
      await page.getByRole("button", { name: "Near me" }).click();
      await answered;
      await expect(page).toHaveURL(/near=12\.7855%2C45\.0187|near=12\.7855,45\.0187/, { timeout: 30_000 });
      const names = page.getByRole("list", { name: "Perks" }).getByRole("heading");
      await expect(names).toHaveText([`${uniqueWord} harbour meetup`, `${uniqueWord} lighthouse tour`], { timeout: 30_000 });
      await expect(page.getByText("0.0 km away")).toBeVisible();
    });
  });

  test.describe("near me, with the location refused", () => {
    test.use({ permissions: [] });
    test("says so, and leaves the filters as they were", async ({ page, context }) => {
      await context.clearPermissions();
      await page.goto("/perks?status=Upcoming");
      await page.getByRole("button", { name: "Near me" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Location access was refused" })).toBeVisible({ timeout: 30_000 });
      await expect(page).toHaveURL(/\/perks\?status=Upcoming$/);
    });
  });

  test("the map's markers open their perk by keyboard, with the tiles blocked", async ({ page, createCollection, uniqueWord }) => {
    const { id, perkIds } = await storePerks(createCollection, uniqueWord);
    await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
    await page.goto(`/perks?query=${uniqueWord}&near=${NEAR}&radiusKm=10`);
    const marker = page.getByRole("button", { name: `${uniqueWord} harbour meetup (${uniqueWord} Harbour Club): open details` });
    await expect(marker).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("button", { name: /lighthouse tour/ })).toBeVisible();
    await expect(page.getByText("© OpenStreetMap contributors")).toBeVisible();
    await marker.focus();
    await page.keyboard.press("Enter");
    const popupLink = page.locator(".leaflet-popup").getByRole("link", { name: `${uniqueWord} harbour meetup` });
    await expect(popupLink).toBeVisible();
    await popupLink.click();
    // The link asks for the perk (?perk=), so the page renders it however far down its list it stands.
    await expect(page).toHaveURL(new RegExp(`/collections/${id}\\?perk=${perkIds[0]}#perk-${perkIds[0]}$`));
    await expect(page.locator(`#perk-${perkIds[0]}`)).toContainText(`${uniqueWord} harbour meetup`);
  });

  test("a perk on its collection's page links to the perks around its place and date", async ({ page, createCollection, uniqueWord }) => {
    const { id } = await storePerks(createCollection, uniqueWord);
    await page.goto(`/collections/${id}`);
    await page.getByRole("link", { name: "Other perks around this place and date" }).first().click();
    await expect(page).toHaveURL(/\/perks\?near=12\.7855%2C45\.0187&radiusKm=50&from=2036-06-08&to=2036-06-22/);
    await expect(page.getByRole("list", { name: "Perks" }).getByRole("link", { name: `${uniqueWord} harbour meetup` })).toBeVisible();
  });

  test("has no axe violations with the map, in light and dark", async ({ page, createCollection, uniqueWord }) => {
    await storePerks(createCollection, uniqueWord);
    await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await page.goto(`/perks?query=${uniqueWord}&near=${NEAR}&radiusKm=10`);
      await expect(page.getByRole("button", { name: /harbour meetup/ })).toBeVisible({ timeout: 30_000 });
      await expectNoAxeViolations(page);
    }
  });
});
