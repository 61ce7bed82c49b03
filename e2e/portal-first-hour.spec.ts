import { expect, expectNoAxeViolations, test } from "./fixtures";
import { collectionForm, field, fillCollection } from "./portal-editor-helpers";

/* What a partner meets in their first hour: the chain field, leaving a team, the editor's order and focus, an invitation signed out. */

const shot = (name: string) => test.info().outputPath(`${name}.png`);

test.describe("the portal in a partner's first hour", () => {
  test.describe.configure({ timeout: 120_000 });

  test("the chain field offers the known chains, keeps any other name, and asks about a near miss", async ({ page, partner }) => {
    void partner;
    await page.goto("/portal/collections/new");
    const form = collectionForm(page);
    const chain = field(form, "Chain (required)");
    const offered = await page
      .locator(`datalist#${await chain.getAttribute("list")} option`)
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    expect(offered).toEqual(expect.arrayContaining(["Ethereum", "Polygon", "Base", "Arbitrum", "Optimism", "Avalanche"]));
    await fillCollection(form, { Title: "Chain words", ContractChain: "Etherium" });
    await expect(form.getByText("Did you mean Ethereum?")).toBeVisible();
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await expectNoAxeViolations(page);
      await chain.scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot(`chain-near-miss-${colorScheme}`) });
    }
    await form.getByRole("button", { name: "Use Ethereum" }).click();
    await expect(chain).toHaveValue("Ethereum");
    await expect(form.getByText("Did you mean")).toHaveCount(0);
    // Another chain is kept as written, without a question.
    await chain.fill("Solana");
    await expect(form.getByText("Did you mean")).toHaveCount(0);
  });
});
