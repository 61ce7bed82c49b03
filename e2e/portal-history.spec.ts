import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { collectionForm, field, readRecord, saveThroughPortal } from "./portal-editor-helpers";

/* Change history in the portal editor, the confirmation before a save clears fields, and the public "What changed". */

const saved = (page: Page) =>
  page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === "/api/portal/save" &&
      !response.url().includes("dryRun") &&
      response.request().method() === "POST",
  );
const previewed = (page: Page) => page.waitForResponse((response) => response.url().includes("/api/portal/save?dryRun=1"));
const historyLoaded = (page: Page, id: string) =>
  page.waitForResponse((response) => new URL(response.url()).pathname === `/api/portal/collections/${id}/history` && response.ok());

test.describe("change history", () => {
  test.describe.configure({ timeout: 120_000 });

  test("an edit shows in History field by field, and restoring the older version brings the value back", async ({
    page,
    baseURL,
    partner,
    uniqueWord,
  }) => {
    void partner;
    const before = `Otter ${uniqueWord} Club`;
    const after = `Otter ${uniqueWord} Society`;
    const { nftData } = await saveThroughPortal(page, baseURL!, {
      nftData: { Title: before, ContractChain: "Base", Creator: "Otter Labs" },
    });
    const id = nftData.PlatformNFTId;

    const firstHistory = historyLoaded(page, id);
    await page.goto(`/portal/collections/${id}`);
    await firstHistory;
    const history = page.getByRole("region", { name: "History" });
    await expect(history.getByRole("table", { name: "Collection created" })).toBeVisible();

    const form = collectionForm(page);
    await field(form, "Title (required)").fill(after);
    const edit = saved(page);
    const refreshed = historyLoaded(page, id);
    await form.getByRole("button", { name: "Save collection" }).click();
    expect((await edit).status()).toBe(200);
    await refreshed;

    const entries = history.getByRole("listitem");
    await expect(entries).toHaveCount(2);
    const change = entries.first().getByRole("table", { name: "Collection changed" });
    const titleRow = change.getByRole("row", { name: /^Title/ });
    await expect(titleRow.getByRole("cell").nth(0)).toHaveText(before);
    await expect(titleRow.getByRole("cell").nth(1)).toHaveText(after);
    // Only what changed is listed: Creator and Chain are not.
    await expect(change.getByRole("row")).toHaveCount(2);
    await expect(entries.first()).toContainText("in the portal");

    await expectNoAxeViolations(page);
    await page.emulateMedia({ colorScheme: "dark" });
    await expectNoAxeViolations(page);
    await page.emulateMedia({ colorScheme: "light" });

    const restore = saved(page);
    const reloadedHistory = historyLoaded(page, id);
    await entries.nth(1).getByRole("button", { name: "Restore this version" }).click();
    expect((await restore).status()).toBe(200);
    await reloadedHistory;
    await expect(field(form, "Title (required)")).toHaveValue(before);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(before);
    await expect(entries).toHaveCount(3);
    const restored = entries
      .first()
      .getByRole("table", { name: "Collection changed" })
      .getByRole("row", { name: /^Title/ });
    await expect(restored.getByRole("cell").nth(0)).toHaveText(after);
    await expect(restored.getByRole("cell").nth(1)).toHaveText(before);
    expect((await readRecord(page.request, id)).nftData.Title).toBe(before);
  });

  test("a save that would clear a field asks first; Cancel keeps the form and stores nothing", async ({
    page,
    baseURL,
    partner,
    uniqueWord,
  }) => {
    void partner;
    const { nftData } = await saveThroughPortal(page, baseURL!, {
      nftData: { Title: `Quokka ${uniqueWord}`, ContractChain: "Base", Website: "https://quokka.example.com/", Creator: "Quokka Co" },
    });
    const id = nftData.PlatformNFTId;
    await page.goto(`/portal/collections/${id}`);
    const form = collectionForm(page);
    await field(form, "Website").fill("");
    await field(form, "Creator").fill("");
    const preview = previewed(page);
    await form.getByRole("button", { name: "Save collection" }).click();
    expect((await preview).status()).toBe(200);

    const dialog = page.getByRole("dialog", { name: "Clear these 2 fields?" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("listitem")).toHaveText(["Creator", "Website"]);
    await expectNoAxeViolations(page);
    await page.emulateMedia({ colorScheme: "dark" });
    await expectNoAxeViolations(page);
    await page.emulateMedia({ colorScheme: "light" });

    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(field(form, "Website")).toHaveValue("");
    const stored = await readRecord(page.request, id);
    expect(stored.nftData.Website).toBe("https://quokka.example.com/");
    expect(stored.nftData.Version).toBe(1);

    const again = previewed(page);
    await form.getByRole("button", { name: "Save collection" }).click();
    await again;
    const save = saved(page);
    await page.getByRole("dialog", { name: "Clear these 2 fields?" }).getByRole("button", { name: "Save and clear" }).click();
    expect((await save).status()).toBe(200);
    await expect(form.getByRole("status")).toHaveText("Collection saved.");
    const cleared = await readRecord(page.request, id);
    expect(cleared.nftData).not.toHaveProperty("Website");
    expect(cleared.nftData.Version).toBe(2);
  });

  test("a perk save that would clear a field asks first, naming the perk; Cancel stores nothing", async ({
    page,
    baseURL,
    partner,
    uniqueWord,
  }) => {
    void partner;
    const { nftData } = await saveThroughPortal(page, baseURL!, {
      nftData: { Title: `Wombat ${uniqueWord}`, ContractChain: "Base" },
      perkData: [{ ShortDescription: "Burrow tour", Tags: ["Events"], Site: "https://burrow.example.com/" }],
    });
    const id = nftData.PlatformNFTId;
    await page.goto(`/portal/collections/${id}`);
    await page.getByRole("button", { name: "Edit perk “Burrow tour”" }).click();
    const perkForm = page.getByRole("form", { name: "Edit perk" });
    await field(perkForm, "Site").fill("");
    const preview = previewed(page);
    await perkForm.getByRole("button", { name: "Save perk" }).click();
    expect((await preview).status()).toBe(200);

    const dialog = page.getByRole("dialog", { name: "Clear this field?" });
    await expect(dialog.getByRole("listitem")).toHaveText(["Burrow tour: Site"]);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(field(perkForm, "Site")).toHaveValue("");
    const kept = await readRecord(page.request, id);
    expect(kept.perkData[0].Site).toBe("https://burrow.example.com/");
    expect(kept.nftData.Version).toBe(1);

    const again = previewed(page);
    await perkForm.getByRole("button", { name: "Save perk" }).click();
    await again;
    const save = saved(page);
    await page.getByRole("dialog", { name: "Clear this field?" }).getByRole("button", { name: "Save and clear" }).click();
    expect((await save).status()).toBe(200);
    await expect(page.getByRole("status").filter({ hasText: "Perk “Burrow tour” saved." })).toBeVisible();
    const cleared = await readRecord(page.request, id);
    expect(cleared.perkData[0]).not.toHaveProperty("Site");
    expect(cleared.nftData.Version).toBe(2);
  });

  test("the public page lists a perk addition and keeps who and other fields to itself", async ({ page, baseURL, partner, uniqueWord }) => {
    const { nftData } = await saveThroughPortal(page, baseURL!, {
      nftData: { Title: `Numbat ${uniqueWord}`, ContractChain: "Base", Creator: `Secretcreator${uniqueWord}` },
    });
    const id = nftData.PlatformNFTId;
    await saveThroughPortal(page, baseURL!, {
      perkData: [{ PlatformNFTId: id, ShortDescription: `Meetup ${uniqueWord}`, Tags: ["Events"] }],
    });
    await saveThroughPortal(page, baseURL!, { nftData: { Title: `Numbat ${uniqueWord}`, ContractChain: "Base", PlatformNFTId: id } });

    await page.goto(`/collections/${id}`);
    const changes = page.getByRole("region", { name: "What changed" });
    await expect(changes.getByRole("listitem")).toHaveCount(1);
    await expect(changes.getByRole("listitem")).toContainText(`Perk added: “Meetup ${uniqueWord}”`);
    const text = await page.locator("main").innerText();
    expect(text).not.toContain(`Secretcreator${uniqueWord}`);
    expect(text).not.toContain(partner.email);
    expect(text).not.toContain("portal session");
    await expectNoAxeViolations(page);
    await page.emulateMedia({ colorScheme: "dark" });
    await expectNoAxeViolations(page);
  });
});
