import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { collectionForm, field, openAccountMenu, saveThroughPortal } from "./portal-editor-helpers";

/* After a deletion the portal says so everywhere; My collections' filter row lines up; leaving unsaved work asks in the portal's dialog. */

const VIEWPORTS = [
  ["phone", { width: 390, height: 844 }],
  ["desktop", { width: 1280, height: 900 }],
] as const;

const listLoaded = (page: Page) =>
  page.waitForResponse((response) => new URL(response.url()).pathname === "/api/portal/collections" && response.ok());

/** Fails the test if the browser's own confirm, alert or prompt opens. */
function refuseBrowserDialogs(page: Page) {
  const opened: string[] = [];
  page.on("dialog", (dialog) => {
    opened.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return opened;
}

test.describe("a deleted collection", () => {
  test.describe.configure({ timeout: 120_000 });

  test("My collections confirms it; Back and a reload show it is gone, with no form; nobody else learns of it", async ({
    page,
    baseURL,
    partner,
    uniqueWord,
    signUpPartner,
    browser,
  }) => {
    void partner;
    const title = `Egret ${uniqueWord}`;
    const created = await saveThroughPortal(page, baseURL!, {
      nftData: { Title: title, ContractChain: "Base" },
      perkData: ["Pin", "Tour"].map((text) => ({ ShortDescription: text, Tags: ["Merch"] })),
    });
    const id = created.nftData.PlatformNFTId;

    const firstList = listLoaded(page);
    await page.goto("/portal/collections");
    await firstList;
    await page.getByRole("link", { name: title }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

    await page.getByRole("button", { name: "Delete collection", exact: true }).click();
    const deleted = page.waitForResponse(
      (response) => response.request().method() === "DELETE" && new URL(response.url()).pathname === `/api/portal/collections/${id}`,
    );
    await page
      .getByRole("dialog", { name: `Delete “${title}”?` })
      .getByRole("button", { name: "Delete collection and 2 perks" })
      .click();
    expect((await deleted).status()).toBe(200);
    await expect(page).toHaveURL(/\/portal\/collections$/);
    const notice = page.getByRole("status").filter({ hasText: "Deleted “" });
    await expect(notice).toHaveText(`Deleted “${title}” (2 perks)`);
    // Its row is gone at once, and the list's own answer agrees.
    await expect(page.getByRole("link", { name: title })).toHaveCount(0);
    await expect(page.getByText("You have no collections yet")).toBeVisible();

    const gone = async () => {
      await expect(page.getByRole("heading", { level: 1, name: `“${title}” was deleted` })).toBeVisible();
      await expect(page.getByRole("main")).toContainText("It was deleted with 2 perks and can no longer be edited");
      await expect(collectionForm(page)).toHaveCount(0);
      await expect(page.getByRole("button", { name: /Save|Add a perk|Delete collection/ })).toHaveCount(0);
    };
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/portal/collections/${id}$`));
    await gone();

    // A later visit to My collections does not repeat the notice.
    await page.goForward();
    await expect(page).toHaveURL(/\/portal\/collections$/);
    await expect(page.getByRole("list", { name: "Your collections" }).or(page.getByText("You have no collections yet"))).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Deleted “" })).toHaveCount(0);

    for (const [width, viewport] of VIEWPORTS) {
      await page.setViewportSize(viewport);
      const reloaded = await page.goto(`/portal/collections/${id}`);
      expect(reloaded?.status()).toBe(200);
      await gone();
      await page.screenshot({ path: test.info().outputPath(`gone-${width}.png`), fullPage: true });
    }
    await expectNoAxeViolations(page);
    await page.emulateMedia({ colorScheme: "dark" });
    await expectNoAxeViolations(page);

    // Another partner gets the same 404 as for an id that never existed.
    const other = await browser.newContext();
    await signUpPartner(other.request);
    expect((await other.request.get(`/portal/collections/${id}`)).status()).toBe(404);
    await other.close();
  });

  test("the notice with the list, in light and dark, at phone and desktop widths", async ({ page, baseURL, partner, uniqueWord }) => {
    void partner;
    for (const [width, viewport] of VIEWPORTS) {
      for (const scheme of ["light", "dark"] as const) {
        const title = `Ibis ${uniqueWord} ${width} ${scheme}`;
        const { nftData } = await saveThroughPortal(page, baseURL!, { nftData: { Title: title, ContractChain: "Base" } });
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto(`/portal/collections/${nftData.PlatformNFTId}`);
        await page.getByRole("button", { name: "Delete collection", exact: true }).click();
        const deleted = page.waitForResponse((response) => response.request().method() === "DELETE");
        await page.getByRole("dialog").getByRole("button", { name: "Delete collection" }).click();
        expect((await deleted).status()).toBe(200);
        await expect(page.getByRole("status").filter({ hasText: "Deleted “" })).toHaveText(`Deleted “${title}” (no perks)`);
        await expectNoAxeViolations(page);
        await page.screenshot({ path: test.info().outputPath(`deleted-notice-${width}-${scheme}.png`) });
      }
    }
  });
});

test.describe("My collections' filter row", () => {
  test("the title box and the selects have one height and line up on desktop; on a phone they stack full width", async ({
    page,
    partner,
  }) => {
    void partner;
    for (const [width, viewport] of VIEWPORTS) {
      await page.setViewportSize(viewport);
      const loaded = listLoaded(page);
      await page.goto("/portal/collections");
      await loaded;
      const search = page.getByRole("search");
      const boxes = await Promise.all(
        ["Find by title", "Release status", "Sort by"].map(async (label) => (await search.getByLabel(label).boundingBox())!),
      );
      const heights = boxes.map((box) => box.height);
      expect(Math.max(...heights) - Math.min(...heights), `${width} heights ${heights}`).toBeLessThan(0.5);
      if (width === "desktop") {
        const tops = boxes.map((box) => box.y);
        expect(Math.max(...tops) - Math.min(...tops), `tops ${tops}`).toBeLessThan(0.5);
      } else {
        const row = (await search.boundingBox())!;
        for (const box of boxes) expect(Math.abs(box.width - row.width)).toBeLessThan(0.5);
      }
      await search.screenshot({ path: test.info().outputPath(`filter-row-${width}.png`) });
    }
  });
});

test.describe("leaving unsaved changes", () => {
  test.describe.configure({ timeout: 120_000 });

  test("links, sign-out and another perk ask in the portal's dialog; closing the tab still gets the browser's prompt", async ({
    page,
    baseURL,
    partner,
    uniqueWord,
  }) => {
    void partner;
    const opened = refuseBrowserDialogs(page);
    await page.goto("/portal/collections/new");
    const form = collectionForm(page);
    await field(form, "Title (required)").fill(`Stork ${uniqueWord}`);

    const leave = page.getByRole("dialog", { name: "Leave without saving?" });
    await page.getByRole("link", { name: "← My collections" }).click();
    await expect(leave).toBeVisible();
    await expect(leave).toContainText("You have unsaved changes. Leave this page and lose them?");
    await expect(leave.getByRole("button", { name: "Stay on this page" })).toBeFocused();
    await page.screenshot({ path: test.info().outputPath("leave-dialog-desktop.png") });
    await expectNoAxeViolations(page);
    await leave.getByRole("button", { name: "Stay on this page" }).click();
    await expect(leave).toBeHidden();
    await expect(page).toHaveURL(/\/portal\/collections\/new$/);
    await expect(field(form, "Title (required)")).toHaveValue(`Stork ${uniqueWord}`);

    // Escape is Stay too.
    await page.getByRole("link", { name: "← My collections" }).click();
    await expect(leave).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(leave).toBeHidden();
    await expect(page).toHaveURL(/\/portal\/collections\/new$/);

    const menu = await openAccountMenu(page);
    await menu.getByRole("button", { name: "Sign out" }).click();
    const signOut = page.getByRole("dialog", { name: "Sign out without saving?" });
    await expect(signOut).toBeVisible();
    await signOut.getByRole("button", { name: "Stay signed in" }).click();
    await expect(signOut).toBeHidden();
    await expect(page).toHaveURL(/\/portal\/collections\/new$/);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("link", { name: "← My collections" }).click();
    await expect(leave).toBeVisible();
    await page.screenshot({ path: test.info().outputPath("leave-dialog-phone.png") });
    const list = listLoaded(page);
    await leave.getByRole("button", { name: "Leave and lose changes" }).click();
    await list;
    await expect(page).toHaveURL(/\/portal\/collections$/);
    expect(opened).toEqual([]);

    // Another perk while one is being edited.
    const { nftData } = await saveThroughPortal(page, baseURL!, {
      nftData: { Title: `Crane ${uniqueWord}`, ContractChain: "Base" },
      perkData: ["Pin", "Tour"].map((text) => ({ ShortDescription: text, Tags: ["Merch"] })),
    });
    await page.goto(`/portal/collections/${nftData.PlatformNFTId}`);
    await page.getByRole("button", { name: "Edit perk “Pin”" }).click();
    const perkForm = page.getByRole("form", { name: "Edit perk" });
    const short = field(perkForm, "Short description (required)");
    await short.fill("Enamel pin");
    await page.getByRole("button", { name: "Edit perk “Tour”" }).click();
    const discard = page.getByRole("dialog", { name: "Discard your changes to this perk?" });
    await expect(discard).toBeVisible();
    await discard.getByRole("button", { name: "Keep editing" }).click();
    await expect(short).toHaveValue("Enamel pin");
    await page.getByRole("button", { name: "Edit perk “Tour”" }).click();
    await discard.getByRole("button", { name: "Discard changes" }).click();
    await expect(short).toHaveValue("Tour");
    await short.fill("Night tour");
    // The guard is on (a link asks), so closing the tab must ask too.
    await page.getByRole("link", { name: "← My collections" }).click();
    await leave.getByRole("button", { name: "Stay on this page" }).click();
    await expect(leave).toBeHidden();
    expect(opened).toEqual([]);

    // Closing the tab is the browser's to ask.
    page.removeAllListeners("dialog");
    const prompt = page.waitForEvent("dialog");
    await page.close({ runBeforeUnload: true });
    const asked = await prompt;
    expect(asked.type()).toBe("beforeunload");
    await asked.accept();
  });
});
