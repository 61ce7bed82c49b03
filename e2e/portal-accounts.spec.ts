import type { Page } from "@playwright/test";
import { DEMO_ACCOUNT } from "@/lib/auth/demo-credentials";
import { expect, expectNoAxeViolations, mailLink, mailTo, test } from "./fixtures";
import { openAccountMenu, saveThroughPortal, signOut } from "./portal-editor-helpers";

async function signInWithForm(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Presses Tab until the element with this id has focus, as a keyboard user would. */
async function tabTo(page: Page, id: string) {
  for (let presses = 0; presses < 15; presses += 1) {
    await page.keyboard.press("Tab");
    if (await page.evaluate((wanted) => document.activeElement?.id === wanted, id)) return;
  }
  throw new Error(`Tab never reached #${id}`);
}

/** Signing in hashes a password (scrypt) and renders a new page: seconds on a busy 2-core machine. */

const emptyState = (page: Page) => page.getByText("You have no collections yet");
const collectionRows = (page: Page) => page.getByRole("list", { name: "Your collections" }).getByRole("listitem");

test.describe("portal accounts", () => {
  // Several sign-ups, page loads and axe scans per test: more than the default budget on a busy machine.
  test.describe.configure({ timeout: 90_000 });

  test("sign-in and sign-up pages pass axe, link to each other and show field errors beside the fields", async ({ page }) => {
    await page.goto("/portal/sign-in");
    await expect(page.getByRole("heading", { level: 1, name: "Partner sign-in" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Sign in" }).click();
    const email = page.getByLabel("Email");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription("Enter an email address such as name@example.com");
    await expect(page.getByLabel("Password")).toHaveAccessibleDescription("Enter your password");
    await expectNoAxeViolations(page);
    await page.emulateMedia({ colorScheme: "dark" });
    await expectNoAxeViolations(page);
    await page.emulateMedia({ colorScheme: "light" });

    await page.getByRole("link", { name: "Create an account" }).click();
    await expect(page).toHaveURL(/\/portal\/sign-up$/);
    await page.getByLabel("Password").fill("short");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByLabel("Password")).toHaveAccessibleDescription(/Use at least 8 characters/);
    await expect(page.getByLabel("Name or team")).toHaveAccessibleDescription("Enter your name or your team's");
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/portal\/sign-in$/);
  });

  test("a partner signs up with the keyboard alone, lands on an empty My collections, signs out and back in", async ({ page }) => {
    const email = `keys-only-${Date.now()}@example.com`;
    await page.goto("/portal/sign-up");
    await tabTo(page, "sign-up-name");
    await page.keyboard.type("Keyboard Partner");
    await page.keyboard.press("Tab");
    await page.keyboard.type(email);
    await page.keyboard.press("Tab");
    await page.keyboard.type("correct horse battery");
    await page.keyboard.press("Enter");

    // Nobody is signed in by signing up, nor by the emailed link: it confirms, and lands on sign-in.
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText(email);
    await expectNoAxeViolations(page);
    await page.goto(await mailLink(email));
    await expect(page).toHaveURL(/\/portal\/sign-in\?confirmed=1&next=%2Fportal%2Fcollections$/);
    await expect(page.getByRole("status").filter({ hasText: "Your email address is confirmed." })).toBeVisible();
    await expectNoAxeViolations(page);
    await signInWithForm(page, email, "correct horse battery");
    await expect(page).toHaveURL(/\/portal\/collections$/);
    await expect(page.getByRole("heading", { level: 1, name: "My collections" })).toBeVisible();
    await expect(emptyState(page)).toBeVisible();
    await expect(page.getByRole("link", { name: "Create a collection" })).toHaveAttribute("href", "/portal/collections/new");
    await expect(await openAccountMenu(page)).toBeVisible();
    await expect(page.getByRole("banner")).toContainText(email);
    await expectNoAxeViolations(page);

    await signOut(page);
    await expect(page).toHaveURL(/\/portal\/sign-in$/);
    await page.goto("/portal/collections");
    await expect(page).toHaveURL(/\/portal\/sign-in\?next=%2Fportal%2Fcollections$/);

    await signInWithForm(page, email, "correct horse battery");
    await expect(page).toHaveURL(/\/portal\/collections$/);
    await expect(emptyState(page)).toBeVisible();
    // A signed-in partner has no business on the sign-in pages.
    await page.goto("/portal/sign-up");
    await expect(page).toHaveURL(/\/portal\/collections$/);
  });

  test("a wrong password is refused with a message; a taken email gets the same answer as a new one", async ({
    page,
    request,
    signUpPartner,
  }) => {
    const partner = await signUpPartner(request);
    await page.goto("/portal/sign-in");
    await signInWithForm(page, partner.email, "not the password at all");
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("The email or password is wrong.");
    await expect(page).toHaveURL(/\/portal\/sign-in$/);
    await expectNoAxeViolations(page);

    await page.goto("/portal/sign-up");
    await page.getByLabel("Name or team").fill("Copycat");
    await page.getByLabel("Email").fill(partner.email);
    await page.getByLabel("Password").fill("another long password");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
    // A server with a mail server (as production must have) sends the link: no console note.
    await expect(page.getByText("in the server's console")).toHaveCount(0);
    // The partner's own address got no second message: nothing tells the copycat the email is taken.
    expect(mailTo(partner.email)).toHaveLength(1);
  });

  test("sign-up, the emailed link, then a collection; an unconfirmed sign-in gets the link again", async ({
    page,
    baseURL,
    uniqueWord,
  }) => {
    const email = `confirm-${uniqueWord}@example.com`;
    await page.goto("/portal/sign-up?next=%2Fportal%2Fkeys");
    await page.getByLabel("Name or team").fill("Confirming Partner");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("correct horse battery");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
    const first = await mailLink(email);

    await page.goto("/portal/sign-in?next=%2Fportal%2Fkeys");
    await signInWithForm(page, email, "correct horse battery");
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(/Confirm your email address first/);
    await expect(page).toHaveURL(/\/portal\/sign-in\?next=%2Fportal%2Fkeys$/);
    await mailLink(email, 2);
    await page.getByRole("button", { name: "Resend the email" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Sent again to ${email}.` })).toBeVisible();
    const third = await mailLink(email, 3);
    expect(third).not.toBe(first);

    await page.goto(third);
    await expect(page).toHaveURL(/\/portal\/sign-in\?confirmed=1&next=%2Fportal%2Fkeys$/);
    await signInWithForm(page, email, "correct horse battery");
    await expect(page).toHaveURL(/\/portal\/keys$/);
    await expect(page.getByRole("heading", { level: 1, name: "API keys" })).toBeVisible();
    await expect(page.getByText("Check your email to confirm your address")).toHaveCount(0);
    const saved = await saveThroughPortal(page, baseURL!, { nftData: { Title: `Confirmed ${uniqueWord}`, ContractChain: "Base" } });
    await page.goto("/portal/collections");
    await expect(collectionRows(page).getByRole("link")).toHaveText(`Confirmed ${uniqueWord}`);
    expect(saved.nftData.PlatformNFTId).toBeTruthy();
  });

  test("My collections shows loading, then a failure with a retry that recovers", async ({ page, signUpPartner }) => {
    await signUpPartner();
    let fail = true;
    await page.route(
      (url) => url.pathname === "/api/portal/collections",
      (route) => (fail ? route.fulfill({ status: 503, json: { error: "Service unavailable" } }) : route.continue()),
    );
    await page.goto("/portal/collections");
    await expect(page.getByRole("main").getByRole("status")).toHaveText("Loading your collections…");
    const alert = page.getByRole("main").getByRole("alert");
    // Server errors are retried twice before the page gives up.
    await expect(alert).toContainText("Your collections could not be loaded.");
    await expect(alert).toContainText("Service unavailable");
    fail = false;
    await alert.getByRole("button", { name: "Try again" }).click();
    await expect(emptyState(page)).toBeVisible();
  });

  test("a signed-out visit to API keys goes through sign-in and back; foreign return paths are ignored", async ({
    page,
    request,
    signUpPartner,
  }) => {
    const partner = await signUpPartner(request);
    await page.goto("/portal/keys");
    await expect(page).toHaveURL(/\/portal\/sign-in\?next=%2Fportal%2Fkeys$/);
    await signInWithForm(page, partner.email, partner.password);
    await expect(page).toHaveURL(/\/portal\/keys$/);
    await expect(page.getByRole("heading", { level: 1, name: "API keys" })).toBeVisible();
    await expect(page.getByText("No keys yet.")).toBeVisible();
    await page.emulateMedia({ colorScheme: "dark" });
    await expectNoAxeViolations(page);

    await signOut(page);
    await expect(page).toHaveURL(/\/portal\/sign-in$/);
    await page.goto("/portal/sign-in?next=//evil.example/portal");
    await signInWithForm(page, partner.email, partner.password);
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/portal\/collections$/);
  });

  test("the demo partner signs in with the published password and finds the demo collections", async ({ page }) => {
    await page.goto("/portal/sign-in");
    await signInWithForm(page, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    await expect(page).toHaveURL(/\/portal\/collections$/);
    await expect(collectionRows(page).first()).toBeVisible();
    await expect(page.getByRole("main").getByRole("status")).toHaveText(/^[\d,]+ collections; showing 1–20$/);
  });

  test("a key minted in the portal creates a collection over HTTP, shows in My collections, and stops working when revoked", async ({
    page,
    request,
    context,
    signUpPartner,
    uniqueWord,
  }) => {
    await signUpPartner();
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/portal/keys");
    await expect(page.getByText("No keys yet.")).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Create key" }).click();
    await expect(page.getByLabel("Label", { exact: true })).toHaveAccessibleDescription(/Give the key a label/);
    const label = `Importer ${uniqueWord}`;
    await page.getByLabel("Label", { exact: true }).fill(label);
    await page.getByRole("button", { name: "Create key" }).click();
    const shown = page.getByLabel("New API key");
    await expect(shown).toHaveValue(/^uds_[0-9A-Za-z]{40}$/);
    const key = await shown.inputValue();
    await page.getByRole("button", { name: "Copy", exact: true }).click();
    await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    const row = page.getByRole("row", { name: new RegExp(label) });
    await expect(row).toContainText(key.slice(0, 10));
    await expect(row.getByRole("cell").nth(4)).toHaveText("Never");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Done" }).click();
    await expect(shown).toHaveCount(0);

    const auth = { authorization: `Bearer ${key}` };
    for (const title of [`Alpha ${uniqueWord}`, `Beta ${uniqueWord}`]) {
      const created = await request.post("/api-gateway/create", {
        headers: auth,
        data: {
          nftData: { Title: title, ContractChain: "Base", ReleaseStatus: "Available" },
          perkData: [{ ShortDescription: "Entry", Tags: ["Events"] }],
        },
      });
      expect(created.status(), await created.text()).toBe(200);
    }

    await page.getByRole("link", { name: "My collections" }).click();
    await expect(collectionRows(page)).toHaveCount(2);
    await expect(collectionRows(page).first()).toContainText("Base");
    await expect(collectionRows(page).first()).toContainText("1 perk");
    await expect(collectionRows(page).first()).toContainText("Available");
    await expectNoAxeViolations(page);
    await page.getByLabel("Find by title").pressSequentially("beta", { delay: 30 });
    await expect(page).toHaveURL(/\?q=beta$/);
    await expect(collectionRows(page)).toHaveCount(1);
    await expect(collectionRows(page).getByRole("link")).toHaveText(`Beta ${uniqueWord}`);
    await page.getByLabel("Find by title").fill("nothing-like-this");
    await expect(page.getByText("No collection title contains “nothing-like-this”")).toBeVisible();
    await page.getByRole("button", { name: "Clear the filters" }).click();
    await expect(collectionRows(page)).toHaveCount(2);

    await page.getByRole("link", { name: "API keys" }).click();
    await expect(row.getByRole("cell").nth(4)).not.toHaveText("Never");
    await row.getByRole("button", { name: /^Revoke/ }).click();
    const dialog = page.getByRole("dialog", { name: `Revoke “${label}”?` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(row).toContainText("Active");

    await row.getByRole("button", { name: /^Revoke/ }).click();
    await dialog.getByRole("button", { name: "Revoke key" }).click();
    await expect(row).toContainText("Revoked");
    const refused = await request.get(`/api-gateway/search?query=${uniqueWord}`, { headers: auth });
    expect(refused.status()).toBe(401);
    expect(await refused.json()).toMatchObject({ error: "Bad API Key" });
    await page.reload();
    await expect(row).toContainText("Revoked");
  });

  test("a second partner never sees the first partner's collections", async ({ page, request, baseURL, signUpPartner, uniqueWord }) => {
    await signUpPartner(request);
    const minted = await request.post("/api/portal/keys", { headers: { origin: baseURL! }, data: { label: "first partner" } });
    expect(minted.status()).toBe(200);
    const { key } = await minted.json();
    const created = await request.post("/api-gateway/create", {
      headers: { authorization: `Bearer ${key}` },
      data: { nftData: { Title: `Private ${uniqueWord}`, ContractChain: "Base" }, perkData: [] },
    });
    expect(created.status()).toBe(200);
    const id: string = (await created.json()).nftData.PlatformNFTId;
    expect((await request.get(`/api/portal/collections/${id}`)).status()).toBe(200);

    await signUpPartner();
    await page.goto("/portal/collections");
    await expect(emptyState(page)).toBeVisible();
    await page.goto(`/portal/collections?q=${uniqueWord}`);
    await expect(page.getByText(`No collection title contains “${uniqueWord}”`)).toBeVisible();
    await page.emulateMedia({ colorScheme: "dark" });
    await expectNoAxeViolations(page);
    const other = await page.request.get(`/api/portal/collections/${id}`);
    expect(other.status()).toBe(404);
    const editor = await page.goto(`/portal/collections/${id}`);
    expect(editor?.status()).toBe(404);
  });
});
