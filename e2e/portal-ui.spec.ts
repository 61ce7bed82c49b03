import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { outboundHref } from "@/lib/schemas/insights";
import { collectionForm, field, openAccountMenu, readRecord, saveThroughPortal, signOut } from "./portal-editor-helpers";

/* What partners and visitors see: the header, the forms' words, the editor's layout, phones. */

const PHONE = { width: 390, height: 844 };

/** No page may scroll sideways: everything fits the viewport's width. */
async function expectNoHorizontalOverflow(page: Page) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(widths.scroll, `scrollWidth ${widths.scroll} > innerWidth ${widths.inner}`).toBeLessThanOrEqual(widths.inner);
}

const sessionAnswer = (page: Page) => page.waitForResponse((response) => response.url().endsWith("/api/auth/get-session"));

test.describe("the site header knows who is there", () => {
  test.describe.configure({ timeout: 60_000 });

  test("signed out: the sign-in link; signed in: the account and the portal, on public and portal pages", async ({
    page,
    signUpPartner,
  }) => {
    const answered = sessionAnswer(page);
    await page.goto("/");
    await answered;
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Partner sign-in" })).toBeVisible();
    await expect(header.locator('summary[aria-label^="Account"]')).toHaveCount(0);

    const partner = await signUpPartner();
    const again = sessionAnswer(page);
    await page.goto("/");
    await again;
    await expect(header.locator(`summary[aria-label="Account: ${partner.name}"]`)).toBeVisible();
    await expect(header.getByRole("link", { name: "My collections" })).toHaveAttribute("href", "/portal/collections");
    await expect(header.getByRole("link", { name: "Partner sign-in" })).toHaveCount(0);
    const menu = await openAccountMenu(page);
    await expect(header).toContainText(partner.email);
    await expect(menu.getByRole("link", { name: "API keys" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.emulateMedia({ colorScheme: "dark" });
    await expectNoAxeViolations(page);

    await menu.getByRole("link", { name: "My collections" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "My collections" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Partner sign-in" })).toHaveCount(0);
    // One bar: the portal has no second navigation bar of its own (its links are in the header).
    await expect(page.getByRole("navigation", { name: "Portal" })).toHaveCount(0);
    await expect(page.getByRole("banner").getByRole("link", { name: "API keys" })).toBeVisible();

    await signOut(page);
    await expect(page).toHaveURL(/\/portal\/sign-in$/);
    await expect(header.getByRole("link", { name: "Partner sign-in" })).toBeVisible();
  });

  test("a signed-in partner never sees Partner sign-in while the session answer is on its way", async ({ page, partner }) => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let asked!: () => void;
    const sessionAsked = new Promise<void>((resolve) => (asked = resolve));
    await page.route("**/api/auth/get-session", async (route) => {
      asked();
      await released;
      await route.continue();
    });
    await page.goto("/");
    await sessionAsked;
    const header = page.getByRole("banner");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(header.getByRole("link", { name: "Partner sign-in" })).toHaveCount(0);
    await expect(header.getByText("Partner sign-in")).toBeHidden();
    await expect(header.locator('summary[aria-label^="Account"]')).toHaveCount(0);
    // The sign-in link's place is kept, so the bar does not shift whichever answer comes.
    const pending = (await header.locator("[data-account-pending]").boundingBox())!;
    expect(pending.width).toBeGreaterThan(0);

    const answered = sessionAnswer(page);
    release();
    await answered;
    await expect(header.locator(`summary[aria-label="Account: ${partner.name}"]`)).toBeVisible();
    await expect(header.getByText("Partner sign-in")).toHaveCount(0);
  });

  test("signing out with unsaved edits asks first; declining keeps the edits", async ({ page, partner, baseURL, uniqueWord }) => {
    void partner;
    const created = await saveThroughPortal(page, baseURL!, { nftData: { Title: `Guarded ${uniqueWord}`, ContractChain: "Base" } });
    await page.goto(`/portal/collections/${created.nftData.PlatformNFTId}`);
    await field(collectionForm(page), "Creator").fill("Unsaved Labs");
    await signOut(page);
    const asked = page.getByRole("dialog", { name: "Sign out without saving?" });
    await expect(asked).toContainText("You have unsaved changes. Sign out and lose them?");
    await asked.getByRole("button", { name: "Stay signed in" }).click();
    await expect(asked).toBeHidden();
    await expect(page).toHaveURL(/\/portal\/collections\/[^/]+$/);
    await expect(field(collectionForm(page), "Creator")).toHaveValue("Unsaved Labs");
    const session = await page.request.get("/api/auth/get-session");
    expect((await session.json())?.user?.email).toBeTruthy();
  });

  test("signing out with unsaved edits, accepted: the edits are discarded and the partner is signed out", async ({
    page,
    partner,
    baseURL,
    uniqueWord,
  }) => {
    const created = await saveThroughPortal(page, baseURL!, { nftData: { Title: `Dropped ${uniqueWord}`, ContractChain: "Base" } });
    const id = created.nftData.PlatformNFTId;
    await page.goto(`/portal/collections/${id}`);
    await field(collectionForm(page), "Creator").fill("Unsaved Labs");
    await signOut(page);
    await page.getByRole("dialog", { name: "Sign out without saving?" }).getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/portal\/sign-in$/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Partner sign-in" })).toBeVisible();
    expect(await (await page.request.get("/api/auth/get-session")).json()).toBeNull();
    expect((await page.request.get(`/api/portal/collections/${id}`)).status()).toBe(401);

    // Signed in again, the collection is as it was stored: nothing of the unsaved edit was sent.
    const signIn = await page.request.post("/api/auth/sign-in/email", {
      headers: { origin: baseURL! },
      data: { email: partner.email, password: partner.password },
    });
    expect(signIn.status()).toBe(200);
    const record = await readRecord(page.request, id);
    expect(record.nftData.Creator).toBeUndefined();
    expect(record.nftData.Version).toBe(1);
    await page.goto(`/portal/collections/${id}`);
    await expect(field(collectionForm(page), "Creator")).toHaveValue("");
  });
});

test.describe("forms speak to people", () => {
  test.describe.configure({ timeout: 90_000 });

  test("a bare host is completed to https:// when the field is left, and the form says so", async ({
    page,
    partner,
    baseURL,
    uniqueWord,
  }) => {
    void partner;
    await page.goto("/portal/collections/new");
    const form = collectionForm(page);
    await expect(field(form, "Website")).toHaveAccessibleDescription(/http:\/\/ or https:\/\//);
    await field(form, "Website").fill("moonlit-otters.io");
    await field(form, "Website").press("Tab");
    await expect(field(form, "Website")).toHaveValue("https://moonlit-otters.io");
    await expect(form.getByRole("status").filter({ hasText: "We added https://" })).toBeVisible();
    await field(form, "Discord").fill("http://discord.gg/otters");
    await field(form, "Discord").blur();
    await expect(field(form, "Discord")).toHaveValue("http://discord.gg/otters");

    const created = await saveThroughPortal(page, baseURL!, { nftData: { Title: `Completed ${uniqueWord}`, ContractChain: "Base" } });
    await page.goto(`/portal/collections/${created.nftData.PlatformNFTId}`);
    await page.getByRole("button", { name: "Add a perk" }).click();
    const perkForm = page.getByRole("form", { name: "New perk" });
    await field(perkForm, "Short description (required)").fill("Site visit");
    await perkForm.getByRole("button", { name: "Events", exact: true }).click();
    await field(perkForm, "Site").fill("www.example.com");
    await field(perkForm, "Site").blur();
    await expect(field(perkForm, "Site")).toHaveValue("https://www.example.com");
    const saved = page.waitForResponse((response) => response.url().includes("/api/portal/save") && response.request().method() === "POST");
    await perkForm.getByRole("button", { name: "Add perk" }).click();
    expect((await saved).status()).toBe(200);
    const record = await (await page.request.get(`/api/portal/collections/${created.nftData.PlatformNFTId}`)).json();
    expect(record.perkData[0].Site).toBe("https://www.example.com");
  });

  test("field errors are sentences; the floor price is one choice", async ({ page, partner }) => {
    void partner;
    await page.goto("/portal/collections/new");
    const form = collectionForm(page);
    await field(form, "Chain (required)").fill("Base");
    await field(form, "Floor price").fill("cheap");
    await expect(field(form, "Price")).toBeChecked();
    await field(form, "Token quantity").fill("-3");
    await form.getByRole("button", { name: "Create collection" }).click();
    await expect(field(form, "Title (required)")).toHaveAccessibleDescription("Enter a title.");
    await expect(field(form, "Floor price")).toHaveAccessibleDescription(/Enter a price such as 0\.25, or choose Not set\.$/);
    await expect(field(form, "Token quantity")).toHaveAccessibleDescription("Token quantity can't be negative.");
    await field(form, "Not set").check();
    await expect(form.getByText("Enter a price such as 0.25, or choose Not set.")).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("sign-up says the password rule once, as the hint or as the error", async ({ page }) => {
    await page.goto("/portal/sign-up");
    await page.getByLabel("Password").fill("short");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByLabel("Password")).toHaveAccessibleDescription("Use at least 8 characters");
    await expect(page.getByText(/at least 8 characters/i)).toHaveCount(1);
  });
});

test.describe("the editor shows the collection", () => {
  test.describe.configure({ timeout: 90_000 });

  test("its title is the heading; each perk row has date, place, status and tokens; perks come before the long form", async ({
    page,
    partner,
    baseURL,
    uniqueWord,
  }) => {
    void partner;
    const title = `Moonlit ${uniqueWord} Otters`;
    const created = await saveThroughPortal(page, baseURL!, {
      nftData: { Title: title, ContractChain: "Base", CollectionDescription: "Otters at night." },
      perkData: [
        {
          ShortDescription: "Harbour swim",
          Tags: ["Events"],
          Status: "Upcoming",
          TokensRequired: 3,
          Date: { dt: { seconds: Date.UTC(2036, 8, 6) / 1000, nanoseconds: 0 }, timeSet: false },
          Location: { address: "Pier 7, Wellington" },
        },
        { ShortDescription: "Otter sticker", Tags: ["Merch"], Status: "Past", TokensRequired: 0 },
      ],
    });
    await page.goto(`/portal/collections/${created.nftData.PlatformNFTId}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByRole("heading", { name: "Edit collection" })).toHaveCount(0);

    const swim = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Harbour swim" }) });
    await expect(swim).toContainText("Sep 6, 2036");
    await expect(swim).toContainText("Pier 7, Wellington");
    await expect(swim).toContainText("Upcoming");
    await expect(swim).toContainText(/Tokens\s*3/);
    const sticker = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Otter sticker" }) });
    await expect(sticker).toContainText("No date");
    await expect(sticker).toContainText("Past");
    await expect(sticker).toContainText("None needed");

    // The perks are on the first screen; the in-page nav reaches the collection's form.
    await expect(page.getByRole("heading", { name: /^Perks/ })).toBeInViewport();
    await expect(page.getByRole("button", { name: "Add a perk" })).toBeInViewport();
    const onThisPage = page.getByRole("navigation", { name: "On this page" });
    await onThisPage.getByRole("link", { name: "Collection details" }).click();
    await expect(page).toHaveURL(/#collection-details$/);
    await expect(field(collectionForm(page), "Title (required)")).toBeInViewport();

    // A renamed collection's heading follows the save.
    await field(collectionForm(page), "Title (required)").fill(`${title} renamed`);
    await collectionForm(page).getByRole("button", { name: "Save collection" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Collection saved." })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${title} renamed`);
    await expectNoAxeViolations(page);
    await page.emulateMedia({ colorScheme: "dark" });
    await expectNoAxeViolations(page);
  });

  test("the perk date is one choice: no date, a day, or a day and time", async ({ page, partner, baseURL, uniqueWord }) => {
    void partner;
    const created = await saveThroughPortal(page, baseURL!, { nftData: { Title: `Dated ${uniqueWord}`, ContractChain: "Base" } });
    await page.goto(`/portal/collections/${created.nftData.PlatformNFTId}`);
    await page.getByRole("button", { name: "Add a perk" }).click();
    const form = page.getByRole("form", { name: "New perk" });
    const date = form.getByRole("group", { name: "Date" });
    await expect(date.getByRole("radio")).toHaveCount(3);
    await expect(field(form, "No date")).toBeChecked();
    await expect(date.getByRole("textbox")).toHaveCount(0);
    await field(form, "A day").check();
    await expect(field(form, "Day")).toBeEditable();
    await field(form, "Day").fill("2036-09-06");
    await field(form, "A day and time").check();
    await expect(field(form, "Date and time")).toHaveValue("2036-09-06T00:00");
    // Address and coordinates belong to one titled group, not under a "Location" that reads as the address's label.
    const where = form.getByRole("group", { name: "Where it happens" });
    await expect(where).toBeVisible();
    for (const label of ["Address", "Latitude", "Longitude"]) await expect(field(where, label)).toBeVisible();
    await expect(where.getByRole("textbox")).toHaveCount(1);
    await expect(where.getByRole("spinbutton")).toHaveCount(2);
    await expect(field(form, "Location")).toHaveCount(0);
    await expect(where).toHaveAccessibleDescription(/An address, map coordinates, or both/);
    await expectNoAxeViolations(page);
  });
});

test.describe("public pages show public data", () => {
  test("Details leaves out service internals, shows long values shortened and whole where it counts, and writes dates one way", async ({
    page,
    context,
    createCollection,
    uniqueWord,
  }) => {
    const longUrl = `https://www.example.com/${"very-long-path-segment-".repeat(8)}end?ref=${uniqueWord}`;
    const address = `0x1234${"ab".repeat(17)}abcd`;
    const { id } = await createCollection({
      Title: `Public ${uniqueWord}`,
      ContractAddress: address,
      Website: longUrl,
      floorPrice: "0.25",
    });
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    for (const [width, viewport] of [
      ["phone", PHONE],
      ["desktop", { width: 1280, height: 900 }],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`/collections/${id}`);
      const details = page.getByRole("region", { name: "Details" });
      await expect(details).toContainText("0.25");
      for (const hidden of ["Version", "Chain sync", "Collection id", "Synced", id]) await expect(details).not.toContainText(hidden);

      // The website reads as its host and the start of its path; the link goes to the whole URL (through the insights' counting redirect).
      const website = details.getByRole("link", { name: /^example\.com\/very-long-path-segment… \(opens in a new tab\)$/ });
      await expect(website).toHaveAttribute("href", outboundHref(id, longUrl));
      await expect(website).toHaveAttribute("title", longUrl);
      // The contract address reads 0x1234…abcd; the whole value is its title, what screen readers get, and what Copy copies.
      // (The chain facts below it name the contract again, shortened, without the whole value.)
      const contract = details.locator("code[data-full-value]");
      await expect(contract.locator('[aria-hidden="true"]')).toHaveText("0x1234…abcd");
      await expect(contract).toHaveAttribute("title", address);
      await expect(contract.locator(".sr-only")).toHaveText(address);
      await details.getByRole("button", { name: "Copy contract address" }).click();
      await expect(details.getByRole("status")).toHaveText("Copied.");
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);

      // Nothing breaks mid-word: each shortened value is on one line, and no rule breaks anywhere.
      for (const value of [website, contract.locator('[aria-hidden="true"]')]) {
        expect(await value.evaluate((element) => element.getClientRects().length), width).toBe(1);
      }
      const breaking = await details.evaluate(
        (element) =>
          [element, ...element.querySelectorAll("*")].filter((node) => {
            const style = getComputedStyle(node);
            return style.wordBreak === "break-all" || style.overflowWrap === "anywhere";
          }).length,
      );
      expect(breaking, width).toBe(0);
      const box = await details.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
      expect(box.scroll, width).toBeLessThanOrEqual(box.client);
      await expectNoHorizontalOverflow(page);
      await page.screenshot({ path: test.info().outputPath(`details-${width}.png`), fullPage: true });
    }
    // "Listed" (a day) and "Last updated" (a moment) in the same format: "Nov 23, 2026[, 3:04 PM]".
    const details = page.getByRole("region", { name: "Details" });
    const oneFormat = /^[A-Z][a-z]{2} \d{1,2}, \d{4}(, \d{1,2}:\d{2}\s?[AP]M)?$/;
    await expect(details.locator("time")).toHaveText([oneFormat, oneFormat]);
    await expectNoAxeViolations(page);
    await page.emulateMedia({ colorScheme: "dark" });
    await expectNoAxeViolations(page);
  });

  test("the site ships its icons, robots.txt, manifest and a link preview image", async ({ page, request }) => {
    for (const [path, type] of [
      ["/favicon.ico", /image\//],
      ["/icon.svg", /image\/svg\+xml/],
      ["/icon-192.png", /image\/png/],
      ["/apple-touch-icon.png", /image\/png/],
      ["/og-image.png", /image\/png/],
      ["/robots.txt", /text\/plain/],
      ["/manifest.webmanifest", /manifest\+json|json/],
    ] as const) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()["content-type"], path).toMatch(type);
    }
    expect(await (await request.get("/robots.txt")).text()).toContain("Disallow: /portal");
    await page.goto("/");
    await expect(page.locator('link[rel="icon"][href="/favicon.ico"]')).toHaveCount(1);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/og-image\.png$/);
  });
});

test.describe("phone widths (390 px)", () => {
  test.describe.configure({ timeout: 120_000 });
  test.use({ viewport: PHONE });

  test("public and portal pages fit the width, the header is one bar, and the keys' Revoke is on screen", async ({
    page,
    partner,
    baseURL,
    uniqueWord,
  }, testInfo) => {
    void partner;
    const shot = async (name: string) => page.screenshot({ path: testInfo.outputPath(`phone-${name}.png`), fullPage: true });
    const created = await saveThroughPortal(page, baseURL!, {
      nftData: { Title: `Phone ${uniqueWord}`, ContractChain: "Base", Website: `https://example.com/${"segment/".repeat(12)}` },
      perkData: [
        {
          ShortDescription: "Pocket perk",
          Tags: ["Merch"],
          Status: "Upcoming",
          TokensRequired: 1,
          Location: { address: "1 Long Street Name, A Suburb" },
        },
      ],
    });
    const id = created.nftData.PlatformNFTId;

    for (const [name, path] of [
      ["browse", "/"],
      ["collection", `/collections/${id}`],
      ["my-collections", "/portal/collections"],
      ["editor", `/portal/collections/${id}`],
      ["new-collection", "/portal/collections/new"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.locator('summary[aria-label^="Account"]')).toBeVisible();
      const headerHeight = (await page.getByRole("banner").boundingBox())!.height;
      expect(headerHeight, `${name} header`).toBeLessThanOrEqual(64);
      await expectNoHorizontalOverflow(page);
      await shot(name);
    }

    await page.goto("/portal/keys");
    await page.getByLabel("Label", { exact: true }).fill(`Phone key ${uniqueWord}`);
    const minted = page.waitForResponse(
      (response) => response.url().endsWith("/api/portal/keys") && response.request().method() === "POST",
    );
    await page.getByRole("button", { name: "Create key" }).click();
    expect((await minted).status()).toBe(200);
    await page.getByRole("button", { name: "Done" }).click();
    const row = page.getByRole("row", { name: new RegExp(`Phone key ${uniqueWord}`) });
    await row.scrollIntoViewIfNeeded();
    await expect(row.getByRole("button", { name: /^Revoke/ })).toBeInViewport();
    await expect(row.getByRole("cell").nth(2)).toBeInViewport();
    // Each stacked cell says which column it is (the header row is hidden at this width).
    const labels = await row.getByRole("cell").evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell, "::before").content));
    expect(labels).toEqual(['"Key"', '"Scope"', '"Minted by"', '"Created"', '"Last used"', '"Status"']);
    await expect(row.getByRole("cell").nth(1)).toHaveText("Read and write");
    await expect(row.getByRole("cell").nth(4)).toHaveText("Never");
    await expect(row.getByRole("cell").nth(5)).toContainText("Active");
    await expectNoHorizontalOverflow(page);
    await shot("api-keys");
    await expectNoAxeViolations(page);

    await openAccountMenu(page);
    await expectNoHorizontalOverflow(page);
    await shot("account-menu");
  });

  test("signed out, the header is one bar on a phone too", async ({ page }, testInfo) => {
    await page.goto("/");
    await expect(page.getByRole("banner").getByRole("link", { name: "Partner sign-in" })).toBeVisible();
    expect((await page.getByRole("banner").boundingBox())!.height).toBeLessThanOrEqual(64);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: testInfo.outputPath("phone-signed-out.png") });
  });
});
