import fs from "node:fs";
import { expect, expectNoAxeViolations, test } from "./fixtures";

/* Import and export in the portal: a file with a problem imports nothing, the fixed file imports whole. */

const HEADER = "PlatformNFTId,Version,Title,ContractChain,PlatformPerkId,ShortDescription,Tags,OneTime";
const csv = (word: string, secondTags: string) =>
  [
    HEADER,
    `,,${word} Seals,Ethereum,,Free hoodie,Merch;Apparel,false`,
    `,,${word} Seals,Ethereum,,Harbour tour,${secondTags},true`,
    `,,"=${word} Herons",Polygon,,,,`,
  ].join("\n");

test.describe("portal import and export", () => {
  test.describe.configure({ timeout: 180_000 });

  test("a file with a problem lists it and imports nothing; the fixed file imports with progress; exports download", async ({
    page,
    partner: _partner,
    uniqueWord,
  }) => {
    await page.goto("/portal/collections");
    await page.getByRole("link", { name: "Import or export" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Import and export" })).toBeVisible();
    const fileInput = page.getByLabel(/^File \(\.json or \.csv/);

    await fileInput.setInputFiles({ name: "collections.csv", mimeType: "text/csv", buffer: Buffer.from(csv(uniqueWord, "Events;Hats")) });
    const refused = page.waitForResponse((response) => response.url().includes("/api/portal/import"));
    await page.getByRole("button", { name: "Import" }).click();
    expect((await refused).status()).toBe(400);
    const problems = page.getByRole("list", { name: "Problems in the file" });
    await expect(page.getByRole("main").getByRole("alert")).toContainText("1 problem in the file; nothing was imported");
    await expect(problems.getByRole("listitem")).toHaveText(['line 3, Tags[1]: unknown category "Hats"']);
    const listed = await page.request.get(`/api/portal/collections?q=${uniqueWord}`);
    expect((await listed.json()).total).toBe(0);
    await expectNoAxeViolations(page);
    await page.emulateMedia({ colorScheme: "dark" });
    await expectNoAxeViolations(page);
    await page.emulateMedia({ colorScheme: "light" });

    await fileInput.setInputFiles({ name: "collections.csv", mimeType: "text/csv", buffer: Buffer.from(csv(uniqueWord, "Events")) });
    const accepted = page.waitForResponse((response) => response.url().includes("/api/portal/import"));
    await page.getByRole("button", { name: "Import" }).click();
    expect((await accepted).status()).toBe(200);
    await expect(page.getByRole("status").filter({ hasText: "Imported:" })).toHaveText("Imported: 2 new collections, 0 edited, 2 perks.");
    const bar = page.getByRole("progressbar", { name: "Import progress: all written, 2 collections, 2 perks" });
    await expect(bar).toHaveAttribute("value", "2");
    await expect(bar).toHaveAttribute("max", "2");
    await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.emulateMedia({ colorScheme: "dark" });
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: "See them in My collections" }).click();
    const rows = page.getByRole("list", { name: "Your collections" }).getByRole("listitem");
    await expect(rows).toHaveCount(2, { timeout: 30_000 });
    expect((await rows.getByRole("link").allTextContents()).sort()).toEqual([`${uniqueWord} Seals`, `=${uniqueWord} Herons`].sort());

    await page.goBack();
    await expect(page.getByRole("heading", { level: 1, name: "Import and export" })).toBeVisible();
    const csvDownload = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download CSV" }).click();
    const csvFile = await csvDownload;
    expect(csvFile.suggestedFilename()).toMatch(/^collections-\d{4}-\d{2}-\d{2}\.csv$/);
    const exported = fs.readFileSync(await csvFile.path(), "utf8");
    expect(exported).toContain(`,${uniqueWord} Seals,`);
    // The title that starts with "=" cannot run as a formula in a spreadsheet.
    expect(exported).toContain(`,'=${uniqueWord} Herons,`);

    const jsonDownload = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download JSON" }).click();
    const jsonFile = await jsonDownload;
    expect(jsonFile.suggestedFilename()).toMatch(/^collections-\d{4}-\d{2}-\d{2}\.json$/);
    const requests = JSON.parse(fs.readFileSync(await jsonFile.path(), "utf8")) as { nftData: { Title: string; Version: number } }[];
    expect(requests.map((request) => request.nftData.Title).sort()).toEqual([`${uniqueWord} Seals`, `=${uniqueWord} Herons`].sort());
    expect(requests.every((request) => request.nftData.Version === 1)).toBe(true);
  });
});

test.describe("what the import page says about the file", () => {
  for (const [name, viewport] of [
    ["phone", { width: 390, height: 844 }],
    ["desktop", { width: 1280, height: 900 }],
  ] as const) {
    test(`lists the columns and the JSON shape, and its sample imports as it is, counted in collections and perks (${name})`, async ({
      page,
      partner: _partner,
    }) => {
      test.setTimeout(180_000);
      await page.setViewportSize(viewport);
      await page.goto("/portal/import");
      const format = page.getByRole("region", { name: "What the file holds" });
      await expect(format.getByRole("list", { name: "Collection columns" }).getByRole("listitem")).toContainText([
        "PlatformNFTId",
        "Title (required)",
        "ContractChain (required)",
      ]);
      await expect(format.getByRole("list", { name: "Perk columns" }).getByRole("listitem").first()).toHaveText("PlatformPerkId");
      await expect(format.getByRole("list", { name: "Cells other than text" })).toContainText("Tags: categories separated by ;");
      await expect(format.getByLabel("JSON file shape")).toContainText('"perkData"');
      // Nothing sticks out sideways on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.screenshot({ path: test.info().outputPath(`import-${name}-light.png`), fullPage: true });
      await expectNoAxeViolations(page);
      await page.emulateMedia({ colorScheme: "dark" });
      await page.screenshot({ path: test.info().outputPath(`import-${name}-dark.png`), fullPage: true });
      await expectNoAxeViolations(page);

      const download = page.waitForEvent("download");
      await format.getByRole("link", { name: "sample CSV" }).click();
      const sample = fs.readFileSync(await (await download).path(), "utf8");
      expect(sample.split("\n")[0]).toMatch(/^PlatformNFTId,Version,Title,ContractChain,/);
      await expect(format.getByRole("link", { name: "sample JSON" })).toHaveAttribute("href", "/import-sample.json");
      const json = await page.request.get("/import-sample.json");
      expect(json.status()).toBe(200);
      expect((await json.json()).length).toBe(2);

      await page
        .getByLabel(/^File \(\.json or \.csv/)
        .setInputFiles({ name: "sample.csv", mimeType: "text/csv", buffer: Buffer.from(sample) });
      const accepted = page.waitForResponse((response) => response.url().includes("/api/portal/import"));
      await page.getByRole("button", { name: "Import" }).click();
      expect((await accepted).status()).toBe(200);
      await expect(page.getByRole("status").filter({ hasText: "Imported:" })).toHaveText("Imported: 2 new collections, 0 edited, 2 perks.");
      await expect(page.getByRole("progressbar", { name: "Import progress: all written, 2 collections, 2 perks" })).toBeVisible();
    });
  }
});
