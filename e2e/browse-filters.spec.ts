import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, filtersHydrated, test } from "./fixtures";

/** The titles of the cards on screen, in order. */
const cardTitles = (page: Page) => page.getByRole("article").getByRole("heading", { level: 3 }).allInnerTexts();

/** The count a category chip shows. */
const chipCount = (page: Page, category: string) => page.locator(`[data-facet-count="${category}"]`);

/** Waits for the browser's own search to answer (the URL state it asked for). */
const searchAnswer = (page: Page, part: string) =>
  page.waitForResponse((response) => response.url().includes("/api/search?") && response.url().includes(part) && response.ok());

test.describe("browse filters", () => {
  test.setTimeout(90_000);

  test("chain, release status, sort and page size live in the URL, through reload and back", async ({
    page,
    createCollection,
    uniqueWord,
  }) => {
    await createCollection({ Title: `Anchor ${uniqueWord}`, ContractChain: "Solana", ReleaseStatus: "Available" }, [
      { ShortDescription: "Dock pass", Tags: ["Events"] },
    ]);
    await createCollection({ Title: `Buoy ${uniqueWord}`, ContractChain: "Ethereum", ReleaseStatus: "Upcoming" });
    await createCollection({ Title: `Cove ${uniqueWord}`, ContractChain: "Solana", ReleaseStatus: "Upcoming" });
    await page.goto(`/?query=${uniqueWord}`);
    await expect.poll(() => cardTitles(page).then((titles) => titles.length)).toBe(3);
    await filtersHydrated(page);

    const chain = page.getByLabel("Chain");
    const answered = searchAnswer(page, "chain=Solana");
    await chain.selectOption("Solana");
    await answered;
    await expect(page).toHaveURL(new RegExp(`\\?query=${uniqueWord}&chain=Solana$`));
    await expect.poll(() => cardTitles(page).then((titles) => titles.sort())).toEqual([`Anchor ${uniqueWord}`, `Cove ${uniqueWord}`]);

    await page.getByLabel("Release status").selectOption("Upcoming");
    await expect(page).toHaveURL(/chain=Solana&releaseStatus=Upcoming$/);
    await expect.poll(() => cardTitles(page)).toEqual([`Cove ${uniqueWord}`]);

    // Reload: the server renders the same filters from the URL.
    await page.reload();
    await expect(page.getByLabel("Chain")).toHaveValue("Solana");
    await expect(page.getByLabel("Release status")).toHaveValue("Upcoming");
    await expect.poll(() => cardTitles(page)).toEqual([`Cove ${uniqueWord}`]);

    // Back: the release status goes, the chain stays.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`\\?query=${uniqueWord}&chain=Solana$`));
    await expect(page.getByLabel("Release status")).toHaveValue("");
    await expect.poll(() => cardTitles(page).then((titles) => titles.length)).toBe(2);

    // Each change is waited for in the URL: right after Back, a change made before Next.js's router
    // has committed its own history entry can be overwritten by it (seen on loaded CI machines, a
    // few milliseconds after hydration, which no person acts within), so the first one is made
    // again until the URL holds it.
    await filtersHydrated(page);
    await expect(async () => {
      await page.getByLabel("Chain").selectOption("");
      await expect(page).toHaveURL(new RegExp(`\\?query=${uniqueWord}$`), { timeout: 5_000 });
    }).toPass({ timeout: 30_000 });
    await expect.poll(() => cardTitles(page).then((titles) => titles.length)).toBe(3);
    await page.getByLabel("Sort by").selectOption("title");
    await expect(page).toHaveURL(new RegExp(`\\?query=${uniqueWord}&sort=title$`));
    await expect.poll(() => cardTitles(page)).toEqual([`Anchor ${uniqueWord}`, `Buoy ${uniqueWord}`, `Cove ${uniqueWord}`]);

    await page.getByLabel("Per page").selectOption("50");
    await expect(page).toHaveURL(/sort=title&pageSize=50$/);
    await page.reload();
    await expect(page.getByLabel("Per page")).toHaveValue("50");
    await expect(page.getByLabel("Sort by")).toHaveValue("title");
  });

  test("facet counts on the category chips follow the query", async ({ page, createCollection, uniqueWord }) => {
    await createCollection({ Title: `Kettle ${uniqueWord}` }, [{ ShortDescription: "Tea", Tags: ["Drink", "Food"] }]);
    await createCollection({ Title: `Kettle ${uniqueWord} Two` }, [{ ShortDescription: "Cups", Tags: ["Drink"] }]);
    await createCollection({ Title: `Ladle ${uniqueWord}` }, [{ ShortDescription: "Soup", Tags: ["Food"] }]);

    await page.goto(`/?query=${uniqueWord}`);
    await expect(chipCount(page, "Drink")).toHaveText("2");
    await expect(chipCount(page, "Food")).toHaveText("2");
    await expect(chipCount(page, "Staking")).toHaveText("0");
    await expect(page.getByRole("link", { name: "Drink (2 collections)" })).toBeVisible();

    const answered = searchAnswer(page, "ladle");
    await page.getByRole("searchbox", { name: "Search collections and perks" }).fill(`ladle ${uniqueWord}`);
    await answered;
    await expect(chipCount(page, "Drink")).toHaveText("0");
    await expect(chipCount(page, "Food")).toHaveText("1");
  });

  test("works without JavaScript for the first page", async ({ browser, createCollection, uniqueWord, baseURL }) => {
    await createCollection({ Title: `Quill ${uniqueWord}`, ContractChain: "Ethereum", ReleaseStatus: "Available" });
    await createCollection({ Title: `Quire ${uniqueWord}`, ContractChain: "Solana", ReleaseStatus: "Available" });
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto(`/?query=${uniqueWord}`);
    await expect(chipCount(page, "Merch")).toHaveText("0");
    await page.getByLabel("Chain").selectOption("Ethereum");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(new RegExp(`query=${uniqueWord}.*chain=Ethereum`));
    await expect(page.getByRole("article").getByRole("heading", { level: 3 })).toHaveText([`Quill ${uniqueWord}`]);
    await context.close();
  });

  test("a chain no collection is on is dropped with a note", async ({ page }) => {
    await page.goto("/?chain=Nowherechain");
    await expect(page.getByRole("note")).toContainText("No collection is on a chain called “Nowherechain”");
    await expect(page.getByLabel("Chain")).toHaveValue("");
  });

  test("has no axe violations with filters, in light and dark, and fits a phone", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await page.goto("/?category=Events&releaseStatus=Available&sort=newest&pageSize=50");
      await expect(page.getByRole("status")).toHaveText(/Page 1 of|No results/);
      await expect(page.getByLabel("Release status")).toHaveValue("Available");
      await expectNoAxeViolations(page);
      // The filters wrap into the screen's width (the category chips scroll sideways by design).
      const filters = await page.getByRole("form", { name: "Filters" }).boundingBox();
      expect(filters!.x + filters!.width).toBeLessThanOrEqual(390);
    }
  });
});
