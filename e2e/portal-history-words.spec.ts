import type { Locator, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { saveThroughPortal } from "./portal-editor-helpers";

/* The editor's History speaks the editor's words: dates, places, categories, yes/no, Not set, and keys by label and prefix. */

const VIEWPORTS = [
  ["phone", { width: 390, height: 844 }],
  ["desktop", { width: 1280, height: 900 }],
] as const;

const historyLoaded = (page: Page, id: string) =>
  page.waitForResponse((response) => new URL(response.url()).pathname === `/api/portal/collections/${id}/history` && response.ok());
const keysLoaded = (page: Page) =>
  page.waitForResponse((response) => new URL(response.url()).pathname === "/api/portal/keys" && response.ok());

/** The Before and After cells of a field's row in a change table. */
async function expectRow(table: Locator, label: string, before: string, after: string) {
  const row = table.getByRole("row", { name: new RegExp(`^${label}`) });
  await expect(row.getByRole("cell")).toHaveText([before, after]);
}

test.use({ locale: "en-US", timezoneId: "UTC" });

test.describe("history in words", () => {
  test.describe.configure({ timeout: 120_000 });

  test("dates, places, categories, one-time, floor price and empty values read as in the editor; the key by label and prefix", async ({
    page,
    baseURL,
    partner,
    uniqueWord,
  }) => {
    void partner;
    const title = `Heron ${uniqueWord}`;
    const created = await saveThroughPortal(page, baseURL!, {
      nftData: { Title: title, ContractChain: "Base", floorPrice: "notset", Website: "https://heron.example" },
      perkData: [
        {
          ShortDescription: "Harbour party",
          Tags: ["Merch", "Events"],
          OneTime: true,
          TokensRequired: 0,
          // 2026-03-05T18:30:00Z
          Date: { dt: { seconds: 1_772_735_400, nanoseconds: 0 }, timeSet: true },
          Location: { address: "Quai de la Tournelle, Paris", latitude: 48.8566, longitude: 2.3522 },
        },
      ],
    });
    const id = created.nftData.PlatformNFTId;
    const perkId = created.perkData[0]!.PlatformPerkId;

    // The edit comes through the API, with a key the partner minted in the portal.
    const minted = await page.request.post("/api/portal/keys", { headers: { origin: baseURL! }, data: { label: "Deploy bot" } });
    expect(minted.status()).toBe(200);
    const { key, summary } = (await minted.json()) as { key: string; summary: { id: string; prefix: string } };
    const record = await (await page.request.get(`/api/portal/collections/${id}`)).json();
    const edited = await page.request.post("/api-gateway/create", {
      headers: { authorization: `Bearer ${key}` },
      data: {
        nftData: {
          PlatformNFTId: id,
          Version: record.nftData.Version,
          Title: title,
          ContractChain: "Base",
          floorPrice: "0.25",
          Website: "",
        },
        perkData: [
          {
            PlatformNFTId: id,
            PlatformPerkId: perkId,
            ShortDescription: "Harbour party",
            Tags: ["Music/Audio"],
            OneTime: false,
            TokensRequired: 1500,
            // 2026-04-01, a day without a time
            Date: { dt: { seconds: 1_775_001_600, nanoseconds: 0 }, timeSet: false },
            Location: { address: "Berlin" },
          },
        ],
      },
    });
    expect(edited.status(), await edited.text()).toBe(200);

    for (const [width, viewport] of VIEWPORTS) {
      await page.setViewportSize(viewport);
      const loaded = historyLoaded(page, id);
      const keys = keysLoaded(page);
      await page.goto(`/portal/collections/${id}`);
      await Promise.all([loaded, keys]);
      const history = page.getByRole("region", { name: "History" });
      await history.scrollIntoViewIfNeeded();
      const entries = history.getByRole("listitem");
      await expect(entries).toHaveCount(2);

      const latest = entries.first();
      await expect(latest).toContainText(`with API key Deploy bot (${summary.prefix}…)`);
      await expect(latest).not.toContainText(summary.id);
      const collection = latest.getByRole("table", { name: "Collection changed" });
      await expectRow(collection, "Floor price", "Not set", "0.25");
      await expectRow(collection, "Website", "https://heron.example", "not set");
      const perk = latest.getByRole("table", { name: "Perk “Harbour party” changed" });
      await expectRow(perk, "Date", "Mar 5, 2026, 6:30 PM UTC", "Apr 1, 2026");
      await expectRow(perk, "Location", "Quai de la Tournelle, Paris (48.8566° N, 2.3522° E)", "Berlin");
      await expectRow(perk, "Categories", "Merch, Events", "Music/Audio");
      await expectRow(perk, "One-time perk", "Yes", "No");
      await expectRow(perk, "Tokens required", "None needed", "1,500");

      // The first entry lists every field the perk was created with, in the same words.
      const createdPerk = entries.nth(1).getByRole("table", { name: "Perk “Harbour party” added" });
      await expectRow(createdPerk, "Date", "not set", "Mar 5, 2026, 6:30 PM UTC");
      await expect(entries.nth(1)).toContainText("in the portal");

      // Nothing of the stored shapes shows through.
      for (const raw of ["{", '"dt"', "timeSet", "notset", "true", "false", "Keys/"]) await expect(history).not.toContainText(raw);
      // Every field's name is on one line: none is broken mid-word in a narrow column.
      const lines = await history.locator('th[scope="row"]').evaluateAll((cells) =>
        cells.map((cell) => {
          const range = document.createRange();
          range.selectNodeContents(cell);
          return `${cell.textContent}: ${new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size}`;
        }),
      );
      for (const line of lines) expect(line, width).toMatch(/: 1$/);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, width).toBeLessThanOrEqual(0);
      await history.screenshot({ path: test.info().outputPath(`history-${width}.png`) });
    }
    await expectNoAxeViolations(page);
  });
});
