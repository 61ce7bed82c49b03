import { expect, expectNoAxeViolations, test } from "./fixtures";
import { saveThroughPortal } from "./portal-editor-helpers";

/* Partner insights: a view of the public page is counted by its beacon and shows on the portal's Insights pages. */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

test.describe("insights", () => {
  test.describe.configure({ timeout: 120_000 });

  test("a public view shows on the collection's Insights page, charted and in tables, on phone and desktop, light and dark", async ({
    page,
    baseURL,
    partner,
    uniqueWord,
  }) => {
    void partner;
    const title = `Otter ${uniqueWord} Club`;
    const { nftData } = await saveThroughPortal(page, baseURL!, {
      nftData: { Title: title, ContractChain: "Base", Website: "https://otters.example.com" },
      perkData: [{ ShortDescription: `Hoodie ${uniqueWord}`, Tags: ["Merch"] }],
    });
    const id = nftData.PlatformNFTId;

    // The public page sends its beacon once it has loaded.
    const beacon = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/insights/beacon");
    await page.goto(`/collections/${id}`);
    expect(JSON.parse((await beacon).postData()!)).toEqual({ PlatformNFTId: id });
    // Its links go through the counting redirect, and show where they lead.
    const website = page.getByRole("link", { name: /otters\.example\.com/ });
    expect(await website.getAttribute("href")).toBe(`/api/insights/out/${id}?to=${encodeURIComponent("https://otters.example.com")}`);

    // Counts reach the store on the server's next flush (every few seconds): the page is read again until they have.
    await page.goto(`/portal/collections/${id}/insights?days=7`);
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole("definition").first()).toHaveText("1", { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });

    await expect(page.getByRole("heading", { name: `Insights: ${title}` })).toBeVisible();
    await expect(page.getByRole("link", { name: "Last 7 days" })).toHaveAttribute("aria-current", "page");
    const daily = page.getByRole("table", { name: "Counts per day, oldest first" });
    await expect(daily.getByRole("row")).toHaveCount(8);
    await expect(daily.getByRole("row").last().getByRole("cell").first()).toHaveText("1");
    const perks = page.getByRole("table", { name: /^Perks, ranked by views/ });
    await expect(perks.getByRole("row", { name: new RegExp(`Hoodie ${uniqueWord}`) })).toBeVisible();
    // The charts are drawn (and hidden from screen readers, which read the tables).
    await expect(page.locator(".recharts-surface").first()).toBeVisible();
    const csv = page.getByRole("link", { name: "Download CSV" }).first();
    expect(decodeURIComponent((await csv.getAttribute("href"))!)).toMatch(/^data:text\/csv;charset=utf-8,Day,Views,SearchAppearances,/);

    // Ranked by another metric from the keyboard.
    await page.getByRole("combobox", { name: "Ranked by" }).focus();
    await page.getByRole("combobox", { name: "Ranked by" }).selectOption("Claims");
    await expect(page.getByRole("table", { name: /^Perks, ranked by claims/ })).toBeVisible();

    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme });
        await expectNoAxeViolations(page);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    }
    await page.setViewportSize(DESKTOP);
    await page.emulateMedia({ colorScheme: "light" });

    // The team's page, linked from the portal navigation, lists the collection.
    await page.goto("/portal/insights?days=30");
    await expect(page.getByRole("heading", { name: "Insights", exact: true })).toBeVisible();
    await expect(
      page.getByRole("table", { name: /^Collections, ranked by views/ }).getByRole("row", { name: new RegExp(title) }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
