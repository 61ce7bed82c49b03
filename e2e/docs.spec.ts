import { LIMITS } from "../lib/schemas/limits";
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
      "delete /api-gateway/collections/{PlatformNFTId}",
      "delete /api-gateway/collections/{PlatformNFTId}/perks/{PlatformPerkId}",
      "get /api-gateway/openapi.json",
    ];
    for (const route of routes) {
      // The accessible name is the method then the path; exact, so one path never matches a longer one.
      await expect(page.getByRole("heading", { level: 3, name: route, exact: true })).toBeVisible();
    }
  });

  test("the guide takes its figures from the service and lists every status it can answer", async ({ page, request }) => {
    await page.goto("/docs");
    const errors = page.locator("section", { has: page.getByRole("heading", { level: 3, name: "Errors" }) });
    const document = await (await request.get("/api-gateway/openapi.json")).json();
    const declared = new Set<string>(["405"]);
    for (const item of Object.values(document.paths) as Record<string, { responses: object }>[]) {
      for (const operation of Object.values(item))
        for (const code of Object.keys(operation.responses)) if (Number(code) >= 400) declared.add(code);
    }
    expect([...declared]).toEqual(expect.arrayContaining(["405", "415", "422", "500"]));
    for (const code of declared) await expect(errors).toContainText(new RegExp(`\\b${code} [a-z]`));
    await expect(errors).toContainText(`413 body over ${LIMITS.bodyBytes / (1024 * 1024)} MiB`);
    const paging = page.locator("section", { has: page.getByRole("heading", { level: 3, name: "Paging" }) });
    // The contract's page size and the 10,000-result window.
    await expect(paging).toContainText("Search answers 20 collections a page");
    await expect(paging).toContainText("NumPages is at most 500");
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
