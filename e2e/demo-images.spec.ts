import { expect, test } from "./fixtures";

/* The demo data's pictures come from the app itself: the demo works offline and behind a strict firewall. */

test("the demo collections' pictures are served by the app and load", async ({ page, baseURL }) => {
  // "Syndicate" ends about one demo title in twelve and no other spec's titles: other specs'
  // collections, with pictures of their own, are made while this runs and could lead a commoner word.
  await page.goto("/?query=syndicate");
  const images = page.getByRole("article").locator("img");
  await expect(images.first()).toBeVisible();
  const shown = await images.evaluateAll((list) =>
    (list as HTMLImageElement[]).slice(0, 6).map((image) => ({ src: image.currentSrc || image.src, width: image.naturalWidth })),
  );
  expect(shown.length).toBeGreaterThan(0);
  for (const image of shown) {
    expect(image.src).toMatch(new RegExp(`^${baseURL}/demo/collection-\\d+\\.svg$`));
  }
  // Loaded: lazy images below the fold aside, the first cards' pictures have their size.
  await expect.poll(() => images.first().evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await page.screenshot({ path: test.info().outputPath("demo-images.png") });
});
