import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, filtersHydrated, test } from "./fixtures";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SCHEMES = ["light", "dark"] as const;

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/screens/public-pages-${name}.png`, fullPage: false });

type CreateCollection = (
  nftData: Record<string, unknown>,
  perkData?: Record<string, unknown>[],
) => Promise<{ id: string; perkIds: string[]; title: string }>;

/** `count` dated, placed perks of one collection, all found by `word`. */
function storePerks(createCollection: CreateCollection, word: string, count: number) {
  return createCollection(
    { Title: `${word} Pier Club` },
    Array.from({ length: count }, (_, index) => ({
      ShortDescription: `${word} pier walk ${index + 1}`,
      Tags: ["Events"],
      Status: "Upcoming",
      Date: { dt: { seconds: Date.UTC(2036, 5, 1 + (index % 28)) / 1000, nanoseconds: 0 }, timeSet: false },
      Location: { latitude: -33.86 + index / 1000, longitude: 151.2, address: `Pier ${index + 1}` },
    })),
  );
}

const perkLinks = (page: Page) => page.getByRole("list", { name: "Perks" }).getByRole("link");

// Several pages, axe scans and screenshots a test, on two shared cores.
test.describe.configure({ timeout: 120_000 });

test.describe("the same URL rules on both public pages", () => {
  test("/perks shows the nearest valid view with notes in plain words, never a developer error", async ({
    page,
    createCollection,
    uniqueWord,
  }) => {
    await storePerks(createCollection, uniqueWord, 3);
    await page.goto(`/perks?query=${uniqueWord}&category=Nope&from=2036-06-30&to=2036-06-01&sort=distance&status=soon`);
    const note = page.getByRole("note");
    await expect(note).toContainText("There is no category called “Nope”, so all categories are shown.");
    await expect(note).toContainText("The end date was before the start date, so the two were swapped.");
    await expect(note).toContainText("“Nearest first” needs a place, so the default order is used.");
    await expect(note).toContainText("“soon” is not a perk status");
    await expect(perkLinks(page)).toHaveCount(3);
    await expect(page.getByRole("main")).not.toContainText("unknown category");
    await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
    await expect(page.getByLabel("Category")).toHaveValue("");
    await expect(page.getByLabel("From", { exact: true })).toHaveValue("2036-06-01");

    // A page past the end shows the last page, as the home page does.
    await page.goto(`/perks?query=${uniqueWord}&pageNum=40`);
    await expect(page.getByRole("note")).toHaveText("There is only 1 page of perks, so the last one is shown.");
    await expect(perkLinks(page)).toHaveCount(3);
    await expect(page.getByText("No perks found")).toHaveCount(0);
  });

  test("both pages take page and pageNum", async ({ page, createCollection, uniqueWord }) => {
    await storePerks(createCollection, uniqueWord, 23);
    await page.goto(`/perks?query=${uniqueWord}&page=2`);
    await expect(page).toHaveURL(new RegExp(`/perks\\?query=${uniqueWord}&pageNum=2$`));
    await expect(perkLinks(page)).toHaveCount(3);

    // The demo store has hundreds of collections: page 2 exists.
    await page.goto("/?pageSize=20&pageNum=2");
    await expect(page).toHaveURL(/\/\?pageSize=20&page=2$/);
    await expect(page.getByRole("navigation", { name: "Pages" }).locator("[aria-current=page]")).toHaveText("Page 2");
  });

  test("the /perks form writes only filled fields; the heading reads alike with and without filters; pages are numbered", async ({
    page,
    browser,
    createCollection,
    uniqueWord,
    baseURL,
  }) => {
    await storePerks(createCollection, uniqueWord, 23);
    await page.goto("/perks");
    await expect(page.getByRole("heading", { name: "All perks", level: 2 })).toBeVisible();
    await expect(page.getByText(/^Page 1 of \d+$/).first()).toBeVisible();

    await page.getByRole("searchbox", { name: "Words" }).fill(uniqueWord);
    await page.getByRole("button", { name: "Show perks" }).click();
    await expect(page).toHaveURL(new RegExp(`/perks\\?query=${uniqueWord}$`));
    await expect(page.getByRole("heading", { name: "Perks matching your filters", level: 2 })).toBeVisible();
    await expect(page.getByText("Page 1 of 2").first()).toBeVisible();

    const pages = page.getByRole("navigation", { name: "Pages" });
    await expect(pages.locator("[aria-current=page]")).toHaveText("Page 1");
    await pages.getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(new RegExp(`/perks\\?query=${uniqueWord}&pageNum=2$`));
    await expect(pages.locator("[aria-current=page]")).toHaveText("Page 2");
    await expect(perkLinks(page)).toHaveCount(3);

    // Without JavaScript the browser writes every field; the page answers at the tidy URL.
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const plain = await context.newPage();
    await plain.goto("/perks");
    await plain.getByRole("searchbox", { name: "Words" }).fill(uniqueWord);
    await plain.getByLabel("Status").selectOption("Upcoming");
    await plain.getByRole("button", { name: "Show perks" }).click();
    await expect(plain).toHaveURL(new RegExp(`/perks\\?query=${uniqueWord}&status=Upcoming$`));
    await expect(perkLinks(plain)).toHaveCount(20);
    await context.close();
  });
});

test.describe("the home page's menus", () => {
  test("the sort menu lists each order once; a chosen chain keeps every chain's count", async ({ page, createCollection, uniqueWord }) => {
    await createCollection({ Title: `Gull ${uniqueWord} One`, ContractChain: "Solana" });
    await createCollection({ Title: `Gull ${uniqueWord} Two`, ContractChain: "Solana" });
    await createCollection({ Title: `Gull ${uniqueWord} Three`, ContractChain: "Ethereum" });
    await page.goto(`/?query=${uniqueWord}`);
    await expect(page.getByLabel("Sort by").locator("option")).toHaveText(["Best match (default)", "Newest", "Title A–Z"]);
    const chain = page.getByLabel("Chain");
    await expect(chain.locator("option").filter({ hasText: /^Ethereum( \(\d+\))?$/ })).toHaveText("Ethereum (1)");
    await filtersHydrated(page);

    const answered = page.waitForResponse((response) => response.url().includes("chain=Solana") && response.ok());
    await chain.selectOption("Solana");
    await answered;
    await expect(page.getByRole("article")).toHaveCount(2);
    await expect(chain.locator("option").filter({ hasText: /^Ethereum( \(\d+\))?$/ })).toHaveText("Ethereum (1)");
    await expect(chain.locator("option").filter({ hasText: /^Solana( \(\d+\))?$/ })).toHaveText("Solana (2)");

    await page.getByLabel("Sort by").selectOption("newest");
    await expect(page).toHaveURL(/sort=newest$/);
    await page.getByLabel("Sort by").selectOption("relevance");
    await expect(page).not.toHaveURL(/sort=/);
    await page.goto("/");
    // Without words every match is equally relevant: the default puts verified collections first, then newest.
    await expect(page.getByLabel("Sort by").locator("option")).toHaveText(["Verified first, then newest (default)", "Newest", "Title A–Z"]);
  });
});

test.describe("/perks on a phone and on a desktop", () => {
  test("a phone folds the filters behind one control and switches list and map", async ({ page, createCollection, uniqueWord }) => {
    await storePerks(createCollection, uniqueWord, 3);
    await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
    await page.setViewportSize(PHONE);
    for (const colorScheme of SCHEMES) {
      await page.emulateMedia({ colorScheme });
      await page.goto(`/perks?query=${uniqueWord}&status=Upcoming`);
      const control = page.locator("summary", { hasText: "Filters (2)" });
      await expect(control).toBeVisible();
      await expect(page.getByRole("searchbox", { name: "Words" })).toBeHidden();
      // The first result is on the first screen.
      const first = await perkLinks(page).first().boundingBox();
      expect(first!.y + first!.height).toBeLessThan(PHONE.height);
      const switcher = page.getByRole("group", { name: "Show as" });
      await expect(switcher).toBeVisible();
      await expectNoAxeViolations(page);
      await shot(page, `phone-folded-${colorScheme}`);

      await control.click();
      await expect(page.getByRole("searchbox", { name: "Words" })).toBeVisible();
      await expect(page.getByRole("searchbox", { name: "Words" })).toHaveValue(uniqueWord);
      await shot(page, `phone-filters-${colorScheme}`);
      await control.click();

      await switcher.getByRole("button", { name: "Map" }).click();
      await expect(switcher.getByRole("button", { name: "Map" })).toHaveAttribute("aria-pressed", "true");
      await expect(page.getByRole("button", { name: /pier walk 1 \(/ })).toBeVisible({ timeout: 30_000 });
      await expect(perkLinks(page).first()).toBeHidden();
      const map = await page.locator(".leaflet-container").boundingBox();
      expect(map!.width).toBeGreaterThan(300);
      expect(map!.y).toBeLessThan(PHONE.height);
      await expectNoAxeViolations(page);
      await shot(page, `phone-map-${colorScheme}`);
      await switcher.getByRole("button", { name: "List" }).click();
      await expect(perkLinks(page).first()).toBeVisible();
    }
  });

  test("a desktop shows the filters open, the list and the map side by side, no switch", async ({ page, createCollection, uniqueWord }) => {
    await storePerks(createCollection, uniqueWord, 3);
    await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
    await page.setViewportSize(DESKTOP);
    for (const colorScheme of SCHEMES) {
      await page.emulateMedia({ colorScheme });
      await page.goto(`/perks?query=${uniqueWord}&category=Nope`);
      await expect(page.getByRole("searchbox", { name: "Words" })).toBeVisible();
      await expect(page.locator("summary", { hasText: "Filters" })).toBeHidden();
      await expect(page.getByRole("group", { name: "Show as" })).toBeHidden();
      await expect(page.getByRole("button", { name: /pier walk 1 \(/ })).toBeVisible({ timeout: 30_000 });
      await expect(perkLinks(page).first()).toBeVisible();
      await expect(page.getByRole("note")).toBeVisible();
      await expectNoAxeViolations(page);
      await shot(page, `desktop-${colorScheme}`);
    }
  });
});

test.describe("a perk link", () => {
  test("marks the perk it points to, in light and dark", async ({ page, createCollection, uniqueWord }) => {
    const { id, perkIds } = await storePerks(createCollection, uniqueWord, 3);
    const target = page.locator(`#perk-${perkIds[1]}`);
    const other = page.locator(`#perk-${perkIds[0]}`);
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      for (const colorScheme of SCHEMES) {
        await page.emulateMedia({ colorScheme });
        await page.goto(`/collections/${id}#perk-${perkIds[1]}`);
        await expect(target).toBeInViewport();
        const look = (element: typeof target) =>
          element.evaluate((node) => {
            const style = getComputedStyle(node);
            return { background: style.backgroundColor, ring: style.boxShadow, border: style.borderColor };
          });
        const [marked, plain] = [await look(target), await look(other)];
        expect(marked.background).not.toBe(plain.background);
        expect(marked.border).not.toBe(plain.border);
        expect(marked.ring).not.toBe(plain.ring);
        await expectNoAxeViolations(page);
        await shot(page, `perk-target-${viewport.width}-${colorScheme}`);
      }
    }
  });
});
