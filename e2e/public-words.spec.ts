import { expect, test } from "./fixtures";

/* Public pages speak to visitors: no variable names, every public change of a perk, headings that say what is listed. */

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
});
