import { expect, expectNoAxeViolations, mailLink, signUpPartner, test } from "./fixtures";
import { collectionForm, field, fillCollection } from "./portal-editor-helpers";

/* What a partner meets in their first hour: the chain field, leaving a team, the editor's order and focus, an invitation signed out. */

const PHONE = { width: 390, height: 844 };
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

  test("the last owner sees why Leave is not offered before pressing it", async ({ page, partner }) => {
    void partner;
    await page.goto("/portal/members");
    const leave = page.getByRole("button", { name: "Leave", exact: true });
    await expect(leave).toBeDisabled();
    await expect(leave).toHaveAccessibleDescription("You are the team's last owner: make another member an owner before you leave.");
    await expect(page.getByText("You are the team's last owner: make another member an owner before you leave.")).toBeVisible();
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: shot("last-owner-phone"), fullPage: true });
  });

  test("created by keyboard, the collection opens with focus on its heading; the delete section comes after the chain panels", async ({
    page,
    partner,
  }) => {
    void partner;
    await page.goto("/portal/collections/new");
    const form = collectionForm(page);
    await field(form, "Chain (required)").fill("Base");
    await field(form, "Title (required)").fill("Keyboard otters");
    await field(form, "Title (required)").press("Enter");
    await expect(page).toHaveURL(/\/portal\/collections\/[^/]+$/);
    const heading = page.getByRole("heading", { level: 1, name: "Keyboard otters" });
    await expect(heading).toBeFocused();

    // Dangerous actions last: the delete section follows History and the chain panels.
    const order = await page.evaluate(() => {
      const top = (selector: string) => document.querySelector(selector)?.getBoundingClientRect().top ?? -1;
      const region = (name: string) =>
        [...document.querySelectorAll("section")].find(
          (section) =>
            section.getAttribute("aria-label") === name ||
            document.getElementById(section.getAttribute("aria-labelledby") ?? "")?.textContent === name,
        );
      return {
        history: top("#history"),
        sync: region("Chain sync")?.getBoundingClientRect().top ?? -1,
        remove: top("#delete-collection-heading"),
      };
    });
    expect(order.history).toBeGreaterThan(0);
    expect(order.sync).toBeGreaterThan(order.history);
    expect(order.remove).toBeGreaterThan(order.sync);
    await page.screenshot({ path: shot("editor-order-desktop"), fullPage: true });
  });

  test("an invitation opened signed out says the role and address, prefills it, and offers sign-up", async ({ page, browser, baseURL }) => {
    const owner = await signUpPartner(page.request, baseURL!);
    const invited = `invited-${Date.now().toString(36)}@example.com`;
    await page.goto("/portal/members");
    const form = page.getByRole("form", { name: "Invite someone" });
    await form.getByLabel("Email address").fill(invited);
    await form.getByLabel("Role").selectOption("editor");
    await form.getByRole("button", { name: "Send invitation" }).click();
    await expect(form.getByRole("status")).toHaveText(`Invitation sent to ${invited}.`);
    const link = await mailLink(invited);

    const context = await browser.newContext();
    const stranger = await context.newPage();
    await stranger.goto(link);
    await expect(stranger).toHaveURL(/\/portal\/sign-in\?next=/);
    const note = stranger.getByRole("region", { name: "Team invitation" });
    await expect(note).toContainText(`A team invited ${invited} to join it as an editor.`);
    await expect(note).not.toContainText(owner.name);
    await expect(stranger.getByLabel("Email")).toHaveValue(invited);
    for (const [name, viewport] of [
      ["desktop", { width: 1280, height: 800 }],
      ["phone", PHONE],
    ] as const) {
      await stranger.setViewportSize(viewport);
      for (const colorScheme of ["light", "dark"] as const) {
        await stranger.emulateMedia({ colorScheme });
        await expectNoAxeViolations(stranger);
        await stranger.screenshot({ path: shot(`invitation-sign-in-${name}-${colorScheme}`), fullPage: true });
      }
    }
    await stranger.getByRole("link", { name: `Create an account for ${invited}` }).click();
    await expect(stranger).toHaveURL(/\/portal\/sign-up\?next=/);
    await expect(stranger.getByRole("region", { name: "Team invitation" })).toContainText(invited);
    await expect(stranger.getByLabel("Email")).toHaveValue(invited);
    await context.close();
  });
});
