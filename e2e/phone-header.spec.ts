import { expect, expectNoAxeViolations, test } from "./fixtures";

/* The header on a phone: every top link in a menu a keyboard works; the browse filters fit the screen. */

const PHONE = { width: 390, height: 844 };
const LINKS = ["Browse", "Perks", "Wallet", "API docs"];

test.describe("the header and filters at 390 px", () => {
  test.use({ viewport: PHONE });

  test("a Menu button holds every top link; Escape closes it and gives focus back", async ({ page }) => {
    await page.goto("/perks");
    const menu = page.getByRole("button", { name: "Menu" });
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    // No link of the header is left off the phone's bar without a way to it.
    await expect(page.getByRole("banner").getByRole("link", { name: "Wallet" })).toBeHidden();

    await menu.focus();
    await page.keyboard.press("Enter");
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText(LINKS);
    await expect(nav.getByRole("link", { name: "Perks" })).toHaveAttribute("aria-current", "page");
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await expectNoAxeViolations(page);
      await page.screenshot({ path: test.info().outputPath(`phone-menu-${colorScheme}.png`) });
    }
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "Browse" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();

    await page.keyboard.press("Enter");
    await nav.getByRole("link", { name: "Wallet" }).click();
    await expect(page).toHaveURL(/\/wallet$/);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  });

  test("the desktop bar keeps its links and no menu", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Menu" })).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link")).toHaveText(LINKS);
  });

  test("the sort select shows its whole label", async ({ page }) => {
    await page.goto("/");
    const sort = page.getByLabel("Sort by");
    await expect(sort).toHaveValue("relevance");
    const fits = await sort.evaluate((select: HTMLSelectElement) => {
      const style = getComputedStyle(select);
      const context = document.createElement("canvas").getContext("2d")!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = select.options[select.selectedIndex]!.text;
      return {
        text,
        needed: context.measureText(text).width + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight),
        width: select.clientWidth,
      };
    });
    expect(fits.text).toBe("Verified first, then newest (default)");
    expect(fits.needed).toBeLessThanOrEqual(fits.width);
    await page.screenshot({ path: test.info().outputPath("filters-phone.png") });
  });
});
