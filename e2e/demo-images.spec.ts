import { expect, test } from "./fixtures";

/* The demo data's pictures come from the app itself: the demo works offline and behind a strict firewall. */

test("the demo collections' pictures are served by the app and load", async ({ page, baseURL }) => {
  // Demo titles ("club" ends about a quarter of them) lead the results; further down, other specs'
  // collections may match too, with pictures of their own, so only the first cards are read.
  await page.goto("/?query=club");
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
