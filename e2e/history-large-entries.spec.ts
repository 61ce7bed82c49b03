import { expect, test } from "./fixtures";
import { collectionForm, field, readRecord, saveThroughPortal } from "./portal-editor-helpers";

/* A history entry too large for its page: listed by its size, shown on demand, and still restorable. */

test("a large history entry shows its changes when asked, and restoring it reads its state then", async ({
  page,
  baseURL,
  partner,
  uniqueWord,
}) => {
  test.setTimeout(120_000);
  void partner;
  const before = `Heron ${uniqueWord} Club`;
  // 30 perks of 10,000 characters: the creation's changes pass the page's 256 KiB.
  const perks = Array.from({ length: 30 }, (_, index) => ({
    ShortDescription: `Perk ${index}`,
    Tags: ["Merch"],
    LongDescription: "l".repeat(10_000),
  }));
  const { nftData } = await saveThroughPortal(page, baseURL!, { nftData: { Title: before, ContractChain: "Base" }, perkData: perks });
  const id = nftData.PlatformNFTId;
  await saveThroughPortal(page, baseURL!, { nftData: { Title: `Heron ${uniqueWord} Society`, ContractChain: "Base", PlatformNFTId: id } });

  const listed = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/portal/collections/${id}/history`);
  await page.goto(`/portal/collections/${id}`);
  expect((await listed).status()).toBe(200);
  const history = page.getByRole("region", { name: "History" });
  const entries = history.getByRole("listitem");
  await expect(entries).toHaveCount(2);
  await expect(entries.first().getByRole("table", { name: "Collection changed" })).toBeVisible();
  const large = entries.nth(1);
  await expect(large).toContainText(/This change is large \(\d+ KB\)/);
  await expect(large.getByRole("table")).toHaveCount(0);

  const entryPath = new RegExp(`^/api/portal/collections/${id}/history/\\d+$`);
  const shown = page.waitForResponse((response) => entryPath.test(new URL(response.url()).pathname));
  await large.getByRole("button", { name: "Show changes" }).click();
  expect((await shown).status()).toBe(200);
  await expect(large.getByRole("table", { name: "Collection created" })).toBeVisible();
  await expect(large.getByRole("table", { name: "Perk “Perk 29” added" })).toBeVisible();

  const saved = page.waitForResponse(
    (response) => new URL(response.url()).pathname === "/api/portal/save" && response.request().method() === "POST",
  );
  await large.getByRole("button", { name: "Restore this version" }).click();
  expect((await saved).status()).toBe(200);
  await expect(field(collectionForm(page), "Title (required)")).toHaveValue(before);
  expect((await readRecord(page.request, id)).nftData.Title).toBe(before);
});
