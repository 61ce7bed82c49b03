import { expect, expectNoAxeViolations, test } from "./fixtures";

test.describe("API reference", () => {
  test("opens from the header and lists every route", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "API docs" }).click();
    await expect(page).toHaveURL(/\/docs$/);
    await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
    const routes = [
      "post /api-gateway/create",
      "get /api-gateway/search",
      "get /api-gateway/collections/{PlatformNFTId}",
      "delete /api-gateway/collections/{PlatformNFTId}/perks/{PlatformPerkId}",
      "get /api-gateway/openapi.json",
    ];
    for (const route of routes) {
      // The accessible name is the method then the path; exact, so one path never matches a longer one.
      await expect(page.getByRole("heading", { level: 3, name: route, exact: true })).toBeVisible();
    }
  });

  test("the search box narrows the reference", async ({ page }) => {
    await page.goto("/docs");
    const create = page.getByRole("heading", { level: 3, name: /\/api-gateway\/create/ });
    const search = page.getByRole("heading", { level: 3, name: /\/api-gateway\/search/ });
    await page.getByLabel("Search the reference").fill("409");
    await expect(create).toBeVisible();
    await expect(search).toBeHidden();
    await page.getByLabel("Search the reference").fill("");
    await expect(search).toBeVisible();
  });

  test("has no axe violations", async ({ page }) => {
    await page.goto("/docs");
    await expectNoAxeViolations(page);
  });
});
