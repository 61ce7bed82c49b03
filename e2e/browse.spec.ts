import { expect, expectNoAxeViolations, test } from "./fixtures";

/** The titles of the cards on screen, in order. */
const cardTitles = (page: import("@playwright/test").Page) => page.getByRole("article").getByRole("heading", { level: 3 }).allInnerTexts();

test.describe("browse page", () => {
  test("picking a category shows only collections with a perk of it", async ({ page, createCollection, uniqueWord }) => {
    await createCollection({ Title: `Drinkers ${uniqueWord}` }, [{ ShortDescription: "Tasting", Tags: ["Drink"] }]);
    await page.goto("/");
    await page
      .getByRole("navigation", { name: "Perk categories" })
      .getByRole("link", { name: /^Drink( \(|$)/ })
      .click();
    await expect(page).toHaveURL(/\?category=Drink$/);
    await expect(page.getByRole("heading", { name: "Collections with Drink perks", exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: /^Drink( \(|$)/ })).toHaveAttribute("aria-current", "true");
    await expect(page.getByRole("status")).toHaveText(/^Page 1 of \d+$/);
    const cards = page.getByRole("article");
    expect(await cards.count()).toBeGreaterThan(0);
    for (const card of await cards.all()) {
      await expect(card.getByRole("list", { name: "Perk categories" }).getByText("Drink", { exact: true })).toBeVisible();
    }
  });

  test("typing a search shows the expected collection first, without reloading the page", async ({
    page,
    createCollection,
    uniqueWord,
  }) => {
    await createCollection({ Title: `Lantern ${uniqueWord} Society`, Creator: "Glow Works" }, [
      { ShortDescription: "Night walk", Tags: ["Events"] },
    ]);
    await createCollection({ Title: "Another collection", CollectionDescription: `Mentions ${uniqueWord} in passing` });
    await page.goto("/");
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    await page
      .getByRole("searchbox", { name: "Search collections and perks" })
      .pressSequentially(`lantern ${uniqueWord.slice(0, 6)}`, { delay: 30 });
    await expect(page).toHaveURL(new RegExp(`\\?query=lantern\\+${uniqueWord.slice(0, 6)}$`));
    await expect.poll(() => cardTitles(page)).toEqual([`Lantern ${uniqueWord} Society`]);
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

    await page.getByRole("searchbox").fill(uniqueWord);
    await expect.poll(() => cardTitles(page)).toEqual([`Lantern ${uniqueWord} Society`, "Another collection"]);
  });

  test("pages forward and back through the URL and the back button", async ({ page, createCollection, uniqueWord }) => {
    for (let index = 1; index <= 23; index += 1) {
      await createCollection({ Title: `Pager ${uniqueWord} ${String(index).padStart(2, "0")}` });
    }
    await page.goto(`/?query=${uniqueWord}`);
    await expect(page.getByRole("status")).toHaveText("Page 1 of 2");
    const first = await cardTitles(page);
    expect(first).toHaveLength(20);

    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(new RegExp(`\\?query=${uniqueWord}&page=2$`));
    await expect(page.getByRole("status")).toHaveText("Page 2 of 2");
    await expect.poll(() => cardTitles(page).then((titles) => titles.length)).toBe(3);
    const second = await cardTitles(page);
    expect(second.filter((title) => first.includes(title))).toEqual([]);

    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`\\?query=${uniqueWord}$`));
    await expect(page.getByRole("status")).toHaveText("Page 1 of 2");
    await expect.poll(() => cardTitles(page)).toEqual(first);

    await page.goForward();
    await expect(page.getByRole("status")).toHaveText("Page 2 of 2");
    await page.getByRole("link", { name: "Page 1" }).click();
    await expect(page).toHaveURL(new RegExp(`\\?query=${uniqueWord}$`));
  });

  test("a hand-edited URL gets a note or the nearest valid page, never an error", async ({ page, createCollection, uniqueWord }) => {
    await createCollection({ Title: `Edited ${uniqueWord}` }, [{ ShortDescription: "Cap", Tags: ["Merch"] }]);
    const cases: [string, RegExp | null][] = [
      ["/?category=Cooking", /no category called “Cooking”/],
      ["/?page=0", /Pages are numbered from 1/],
      ["/?page=-1", /“-1” is not a page number/],
      ["/?page=abc", /“abc” is not a page number/],
      [`/?query=${uniqueWord}&page=1000000000000`, /only 1 page of results, so the last one is shown/],
      [`/?query=${"x".repeat(10_000)}`, /shortened to its first 500 characters/],
      ["/?category=merch", null],
    ];
    for (const [url, note] of cases) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find the perks of NFT collections");
      if (note) await expect(page.getByRole("note")).toContainText(note);
      else await expect(page.getByRole("note")).toHaveCount(0);
    }
    await expect(page.getByRole("heading", { name: "Merch perks" })).toBeVisible();
  });

  test("collection text with HTML or script is shown as text", async ({ page, createCollection, uniqueWord }) => {
    const title = `<img src=x onerror="window.pwned=1"><script>window.pwned=1</script> ${uniqueWord}`;
    const { id } = await createCollection({ Title: title, CollectionDescription: "<b>not bold</b>" }, [
      { ShortDescription: "<i>perk</i>", LongDescription: "<script>window.pwned=1</script>", Tags: ["Merch"] },
    ]);
    await page.goto(`/?query=${uniqueWord}`);
    await expect(page.getByRole("article").getByRole("heading", { level: 3 })).toHaveText(title);
    await page.goto(`/collections/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByText("<b>not bold</b>")).toBeVisible();
    await expect(page.getByText("<script>window.pwned=1</script>", { exact: true })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
  });

  test("shows empty, loading and error states", async ({ page, uniqueWord }) => {
    await page.goto("/");
    const searchbox = page.getByRole("searchbox");
    await searchbox.fill(`${uniqueWord}nothing`);
    await expect(page.getByText("No collections found")).toBeVisible();
    await page.getByRole("button", { name: "Clear search and filters" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(searchbox).toHaveValue("");

    // Hold the next answer back, then fail it: the old results stay, dimmed, with a loading status.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/search?*", async (route) => {
      await held;
      await route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ error: "Service Unavailable" }) });
    });
    await searchbox.fill(`${uniqueWord}later`);
    await expect(page.getByRole("status")).toHaveText("Loading…");
    await expect(page.getByRole("region", { name: /All collections/ })).toHaveAttribute("aria-busy", "true");
    release();
    await expect(page.getByRole("main").getByRole("alert")).toContainText("Service Unavailable");
    await page.unroute("**/api/search?*");
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByText("No collections found")).toBeVisible();
  });

  test("has no axe violations, in light and dark", async ({ page }) => {
    // Two full axe scans: slow on a busy machine.
    test.setTimeout(90_000);
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await page.goto("/?category=Events");
      await expect(page.getByRole("status")).toHaveText(/Page 1 of|No results/);
      await expectNoAxeViolations(page);
    }
  });

  test("screenshots at phone and desktop widths", async ({ page }, testInfo) => {
    for (const [name, viewport] of [
      ["phone", { width: 390, height: 844 }],
      ["desktop", { width: 1280, height: 900 }],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto("/");
      await expect(page.getByRole("status")).toHaveText(/Page 1 of/);
      const path = testInfo.outputPath(`browse-${name}.png`);
      await page.screenshot({ path, fullPage: true });
      await testInfo.attach(`browse-${name}`, { path, contentType: "image/png" });
    }
  });
});
