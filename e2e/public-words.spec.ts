import { expect, expectNoAxeViolations, test } from "./fixtures";

/* Public pages speak to visitors: no variable names, every public change of a perk, headings that say what is listed. */

const PHONE = { width: 390, height: 844 };
const shot = (name: string) => test.info().outputPath(`${name}.png`);

test.describe("words on public pages", () => {
  test("a chain without an RPC is said in words for people; the variable stays in the portal", async ({
    page,
    createCollection,
    uniqueWord,
  }) => {
    const { id } = await createCollection({
      Title: `Wombat ${uniqueWord}`,
      ContractChain: "Arbitrum",
      ContractAddress: "0xbc4ca0eda7647a8ab7c2061c2e118a18a936f13d",
    });
    await page.goto(`/collections/${id}`);
    const chain = page.getByRole("region", { name: "On chain (Arbitrum)" });
    await expect(chain).toContainText("Chain data is not available for Arbitrum here");
    await expect(page.locator("main")).not.toContainText("CHAIN_RPC");
    await expect(page.locator("main")).not.toContainText("RPC");
    await page.screenshot({ path: shot("chain-words-desktop"), fullPage: true });
  });

  test("the public list names a renamed perk and its other changed fields", async ({
    page,
    request,
    apiKey,
    createCollection,
    uniqueWord,
  }) => {
    const { id, perkIds } = await createCollection({ Title: `Quokka ${uniqueWord}` }, [
      { ShortDescription: `10% off merch ${uniqueWord}`, Tags: ["Merch"] },
    ]);
    const renamed = await request.post("/api-gateway/create", {
      headers: { authorization: `Bearer ${apiKey}` },
      data: {
        perkData: [
          {
            PlatformNFTId: id,
            PlatformPerkId: perkIds[0],
            ShortDescription: `15% off merch ${uniqueWord}`,
            LongDescription: "Now on hoodies too.",
            Tags: ["Merch"],
          },
        ],
      },
    });
    expect(renamed.status(), await renamed.text()).toBe(200);

    await page.goto(`/collections/${id}`);
    const changes = page.getByRole("region", { name: "What changed" }).getByRole("listitem");
    await expect(changes).toHaveCount(3);
    await expect(changes.nth(0)).toContainText(`Perk renamed: “10% off merch ${uniqueWord}” is now “15% off merch ${uniqueWord}”`);
    await expect(changes.nth(1)).toContainText(`Perk “15% off merch ${uniqueWord}” changed: long description`);
    await expect(changes.nth(2)).toContainText(`Perk added: “10% off merch ${uniqueWord}”`);
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: shot("what-changed-phone"), fullPage: true });
  });

  test("a category heading names collections, and a search that finds nothing there offers all categories with its count", async ({
    page,
    createCollection,
    uniqueWord,
  }) => {
    await createCollection({ Title: `Pangolin ${uniqueWord}` }, [{ ShortDescription: "Night walk", Tags: ["Events"] }]);
    await page.goto("/?category=Merch");
    await expect(page.getByRole("heading", { level: 2, name: "Collections with Merch perks", exact: true })).toBeVisible();

    await page.goto(`/?category=Merch&query=${uniqueWord}`);
    await expect(page.locator("#results-heading")).toHaveText(`Collections with Merch perks matching “${uniqueWord}”`);
    await expect(page.getByText("No collections found")).toBeVisible();
    const offer = page.getByRole("link", { name: `Search “${uniqueWord}” in all categories` });
    await expect(offer.locator("..")).toHaveText(`Search “${uniqueWord}” in all categories: 1 collection`);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: shot("category-empty-desktop") });
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize(PHONE);
      await expectNoAxeViolations(page);
      await page.screenshot({ path: shot(`category-empty-phone-${colorScheme}`), fullPage: true });
    }

    await offer.click();
    await expect(page).toHaveURL(new RegExp(`/\\?query=${uniqueWord}$`));
    await expect(page.getByRole("article").getByRole("heading", { name: `Pangolin ${uniqueWord}` })).toBeVisible();
  });
});
