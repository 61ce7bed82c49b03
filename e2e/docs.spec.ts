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
    // A scan of the whole reference (every route's curl command and tables) is slow on a busy machine.
    test.setTimeout(120_000);
    await page.goto("/docs");
    await expectNoAxeViolations(page);
  });
});

const VIEWPORTS = [
  ["phone", { width: 390, height: 844 }],
  ["desktop", { width: 1280, height: 900 }],
] as const;

/** The pieces of a curl command as the page shows it: method, URL, whether it sends the key, body. */
function parseCurl(command: string) {
  const url = /curl (?:-X (\w+) )?"([^"]+)"/.exec(command);
  const body = /-d '((?:[^']|'\\'')*)'/.exec(command);
  return {
    method: url?.[1] ?? "GET",
    url: url?.[2] ?? "",
    key: command.includes('-H "Authorization: Bearer $KEY"'),
    body: body ? body[1]!.replaceAll(`'\\''`, "'") : undefined,
  };
}

test.describe("API reference for a newcomer", () => {
  test("Getting a key leads with the portal's API keys page, and every route has a curl command for this server that works", async ({
    page,
    request,
    apiKey,
    baseURL,
  }) => {
    await page.goto("/docs");
    const gettingKey = page.locator("section", { has: page.getByRole("heading", { level: 3, name: "Getting a key" }) });
    const portalLink = gettingKey.getByRole("link", { name: "API keys" });
    await expect(portalLink).toHaveAttribute("href", "/portal/keys");
    // The portal comes first; the command line is the alternative.
    const text = (await gettingKey.textContent()) ?? "";
    expect(text.indexOf("API keys")).toBeLessThan(text.indexOf("keys:create"));
    await expect(gettingKey).toContainText(baseURL!);

    const routes = page.getByRole("heading", { level: 3, name: /^(get|post|delete) \/api-gateway/ });
    const count = await routes.count();
    expect(count).toBeGreaterThanOrEqual(8);
    const commands = page.getByRole("region", { name: /^(get|post|delete) \/api-gateway/ }).getByLabel(/^curl command for /);
    await expect(commands).toHaveCount(count);
    for (const command of await commands.allTextContents()) {
      const curl = parseCurl(command);
      expect(curl.url.startsWith(`${baseURL}/api-gateway/`), command).toBe(true);
      const answer = await request.fetch(curl.url, {
        method: curl.method,
        headers: {
          ...(curl.key ? { authorization: `Bearer ${apiKey}` } : {}),
          ...(curl.body ? { "content-type": "application/json" } : {}),
        },
        data: curl.body,
      });
      // The example ids name no stored collection (404); everything else must be accepted as sent.
      expect([200, 404], `${command}\n→ ${answer.status()} ${await answer.text()}`).toContain(answer.status());
      if (answer.status() === 404) expect((await answer.json()).error, command).toMatch(/not found/);
    }
  });

  for (const [name, viewport] of VIEWPORTS) {
    test(`a table of contents leads to every section, and a search leaves no empty heading (${name})`, async ({ page }) => {
      // An axe scan of the whole reference takes most of the default budget on a busy machine.
      test.setTimeout(120_000);
      await page.setViewportSize(viewport);
      await page.goto("/docs");
      const contents = page.getByRole("navigation", { name: "On this page" });
      await expect(contents.getByRole("link", { name: "Getting a key" })).toHaveAttribute("href", "#getting-a-key");
      await contents.getByRole("link", { name: /^get \/search$/i }).click();
      await expect(page).toHaveURL(/#search$/);
      await expect(page.getByRole("heading", { level: 3, name: "get /api-gateway/search", exact: true })).toBeInViewport();
      await page.screenshot({ path: test.info().outputPath(`docs-${name}-light.png`) });
      await page.emulateMedia({ colorScheme: "dark" });
      await page.screenshot({ path: test.info().outputPath(`docs-${name}-dark.png`) });
      await page.emulateMedia({ colorScheme: "light" });

      const search = page.getByLabel("Search the reference");
      const headings = ["Guide", "Routes", "Objects"].map((title) => page.getByRole("heading", { level: 2, name: title, exact: true }));
      // A word only a route has: the guide's and the objects' headings go with their sections.
      await search.fill("distance");
      await expect(page.getByRole("heading", { level: 3, name: "get /api-gateway/perks", exact: true })).toBeVisible();
      for (const heading of headings) {
        const group = page.locator("[data-doc-group]", { has: heading });
        const visibleEntries = group.locator("[data-doc-entry]:visible");
        if (await heading.isVisible()) expect(await visibleEntries.count()).toBeGreaterThan(0);
      }
      await search.fill("zzqqnothinghere");
      for (const heading of headings) await expect(heading).toBeHidden();
      await expect(page.getByText("No section matches.")).toBeVisible();
      await expect(contents).toBeHidden();
      await search.fill("");
      for (const heading of headings) await expect(heading).toBeVisible();
      await expect(contents.getByRole("link", { name: "Getting a key" })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});
