import { expect, expectNoAxeViolations, signUpPartner, test } from "./fixtures";
import {
  addPerk,
  collectionForm,
  expectCollection,
  expectPerk,
  field,
  fillCollection,
  fillPerk,
  idFromUrl,
  readRecord,
  saveThroughPortal,
  type PerkEntry,
  type Texts,
} from "./portal-editor-helpers";

/* The collection and perk editors, as a partner uses them in the browser. */

test.describe("portal collection and perk editors", () => {
  // Whole flows through a production build on a 2-core machine: far longer than one page check.
  test.describe.configure({ timeout: 120_000 });

  test("creates a collection with two perks; every field comes back, and an edit changes only that field", async ({
    page,
    partner,
    uniqueWord,
  }) => {
    void partner;
    const values: Texts = {
      Title: `Otter ${uniqueWord} Club`,
      ContractChain: "Base",
      Creator: "Otter Labs",
      CollectionDescription: "Otters.\nAnd their friends.",
      ImagePic: "https://images.invalid/otter.png",
      ContractAddress: "0xabc123",
      ContractText: "Holder terms",
      Website: "https://otter.example.com/",
      Discord: "https://discord.gg/otter",
      Twitter: "https://twitter.com/otter",
      MarketPlace: "OpenSea",
      MarketPlaceLink: "https://opensea.io/collection/otter",
      marketplaceSlug: "otter",
      floorPrice: "0.25",
      PriceRange: "0.1-0.5",
      TokenQuantity: "5000",
      TokenQuantityIssued: "1200",
    };
    const regatta: PerkEntry = {
      short: "Summer regatta",
      long: "Sail with the crew.",
      site: "https://otter.example.com/regatta",
      status: "Upcoming",
      tags: ["Events", "Sports"],
      oneTime: true,
      tokens: "2",
      moment: "2036-06-01T18:30",
      address: "1 Quay Street, Auckland",
      latitude: "-36.8433",
      longitude: "174.7665",
    };
    const dinner: PerkEntry = { short: "Winter dinner", status: "Past", tags: ["Food", "Drink"], day: "2036-07-04" };

    await page.goto("/portal/collections/new");
    await fillCollection(collectionForm(page), values, "Upcoming");
    await collectionForm(page).getByRole("button", { name: "Create collection" }).click();
    await page.waitForURL(/\/portal\/collections\/(?!new$)[^/]+$/);
    const id = idFromUrl(page);
    await expect(page.getByText("No perks yet — add the first.")).toBeVisible();
    await addPerk(page, regatta);
    await addPerk(page, dinner);

    await page.reload();
    await expectCollection(collectionForm(page), values, "Upcoming");
    for (const perk of [regatta, dinner]) {
      await page.getByRole("button", { name: `Edit perk “${perk.short}”` }).click();
      await expectPerk(page.getByRole("form", { name: "Edit perk" }), perk);
      await page.getByRole("button", { name: "Cancel" }).click();
    }

    const before = await readRecord(page.request, id);
    expect(before.perkData).toEqual([
      {
        PlatformNFTId: id,
        PlatformPerkId: expect.any(String),
        ShortDescription: "Summer regatta",
        LongDescription: "Sail with the crew.",
        Site: "https://otter.example.com/regatta",
        Status: "Upcoming",
        Tags: ["Events", "Sports"],
        OneTime: true,
        TokensRequired: 2,
        Date: { dt: { seconds: expect.any(Number), nanoseconds: 0 }, timeSet: true },
        Location: {
          address: "1 Quay Street, Auckland",
          latitude: -36.8433,
          longitude: 174.7665,
          GeoPoint: { _lat: -36.8433, _long: 174.7665 },
        },
      },
      {
        PlatformNFTId: id,
        PlatformPerkId: expect.any(String),
        ShortDescription: "Winter dinner",
        Status: "Past",
        Tags: ["Food", "Drink"],
        Date: { dt: { seconds: Date.UTC(2036, 6, 4) / 1000, nanoseconds: 0 }, timeSet: false },
      },
    ]);
    const browserSeconds = await page.evaluate(() => new Date("2036-06-01T18:30").getTime() / 1000);
    expect(before.perkData[0].Date.dt.seconds).toBe(browserSeconds);
    expect(before.nftData).toMatchObject({ ...values, TokenQuantity: 5000, TokenQuantityIssued: 1200, ReleaseStatus: "Upcoming" });

    await field(collectionForm(page), "Creator").fill("Otter Labs Ltd");
    await collectionForm(page).getByRole("button", { name: "Save collection" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Collection saved." })).toBeVisible();
    const after = await readRecord(page.request, id);
    const { lastmodified: _a, Version: beforeVersion, ...beforeFields } = before.nftData;
    const { lastmodified: _b, Version: afterVersion, ...afterFields } = after.nftData;
    expect(afterFields).toEqual({ ...beforeFields, Creator: "Otter Labs Ltd" });
    expect(afterVersion).toBe(beforeVersion + 1);
    expect(after.perkData).toEqual(before.perkData);

    // One perk edited: the other perk and the collection stay as they were.
    await page.getByRole("button", { name: "Edit perk “Winter dinner”" }).click();
    const editForm = page.getByRole("form", { name: "Edit perk" });
    await field(editForm, "Tokens required").fill("3");
    await editForm.getByRole("button", { name: "Save perk" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Perk “Winter dinner” saved." })).toBeVisible();
    const afterPerk = await readRecord(page.request, id);
    expect(afterPerk.perkData).toEqual([before.perkData[0], { ...before.perkData[1], TokensRequired: 3 }]);
    expect({ ...afterPerk.nftData, lastmodified: 0, Version: 0 }).toEqual({ ...after.nftData, lastmodified: 0, Version: 0 });
  });

  test("the collection editor takes input only once its script runs: disabled in the server's HTML, enabled after", async ({
    page,
    partner,
    browser,
    baseURL,
  }) => {
    void partner;
    // The same signed-in partner, with no JavaScript: what a slow phone shows before the page hydrates.
    const scriptless = await browser.newContext({ javaScriptEnabled: false, baseURL, storageState: await page.context().storageState() });
    try {
      const before = await scriptless.newPage();
      await before.goto("/portal/collections/new");
      await expect(field(collectionForm(before), "Title (required)")).toBeVisible();
      await expect(field(collectionForm(before), "Title (required)")).toBeDisabled();
      await expect(collectionForm(before).getByRole("button", { name: "Create collection" })).toBeDisabled();
    } finally {
      await scriptless.close();
    }
    await page.goto("/portal/collections/new");
    await expect(field(collectionForm(page), "Title (required)")).toBeEnabled();
    await expect(collectionForm(page).getByRole("button", { name: "Create collection" })).toBeEnabled();
  });

  test("a save over someone else's change is refused with a conflict message, and reload brings their change", async ({
    page,
    partner,
    baseURL,
    uniqueWord,
  }) => {
    void partner;
    const created = await saveThroughPortal(page, baseURL!, {
      nftData: { Title: `Fox ${uniqueWord}`, ContractChain: "Base", Creator: "Fox Labs" },
      perkData: [{ ShortDescription: "Den tour", Tags: ["Events"] }],
    });
    const id = created.nftData.PlatformNFTId;
    const second = await page.context().newPage();
    await page.goto(`/portal/collections/${id}`);
    await second.goto(`/portal/collections/${id}`);

    await field(collectionForm(page), "Title (required)").fill(`Fox ${uniqueWord} renamed`);
    await collectionForm(page).getByRole("button", { name: "Save collection" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Collection saved." })).toBeVisible();

    await field(collectionForm(second), "Creator").fill("Someone else");
    await collectionForm(second).getByRole("button", { name: "Save collection" }).click();
    const alert = collectionForm(second).getByRole("alert");
    await expect(alert).toContainText("This collection was changed by someone else");
    expect((await readRecord(page.request, id)).nftData).toMatchObject({ Title: `Fox ${uniqueWord} renamed`, Creator: "Fox Labs" });

    await alert.getByRole("button", { name: "Reload latest" }).click();
    await expect(field(collectionForm(second), "Title (required)")).toHaveValue(`Fox ${uniqueWord} renamed`);
    await expect(field(collectionForm(second), "Creator")).toHaveValue("Fox Labs");

    // A perk save from a stale page is refused the same way.
    await page.getByRole("button", { name: "Edit perk “Den tour”" }).click();
    await field(page.getByRole("form", { name: "Edit perk" }), "Short description (required)").fill("Den tour at dawn");
    await field(collectionForm(second), "Creator").fill("Fox Labs and friends");
    await collectionForm(second).getByRole("button", { name: "Save collection" }).click();
    await expect(second.getByRole("status").filter({ hasText: "Collection saved." })).toBeVisible();
    const perkForm = page.getByRole("form", { name: "Edit perk" });
    await perkForm.getByRole("button", { name: "Save perk" }).click();
    await expect(perkForm.getByRole("alert")).toContainText("This collection was changed by someone else");
    expect((await readRecord(page.request, id)).perkData[0].ShortDescription).toBe("Den tour");
  });

  test("saving keeps what the forms do not show: properties, placeId, exact dates", async ({ page, partner, baseURL, uniqueWord }) => {
    void partner;
    const created = await saveThroughPortal(page, baseURL!, {
      nftData: {
        Title: `Lynx ${uniqueWord}`,
        ContractChain: "Base",
        Creator: "Lynx Labs",
        floorPrice: "notset",
        Discord: "https://discord.gg/lynx",
        PropertiesNames: ["Fur"],
        PropertiesValues: ["Spotted"],
      },
      perkData: [
        {
          ShortDescription: "Forest walk",
          Tags: ["Events", "Sustainability"],
          Date: { dt: { seconds: 1_767_225_607, nanoseconds: 500 }, timeSet: true },
          Location: { address: "Pier 1", placeId: "ChIJlynx", latitude: 1.5, longitude: 2.5, GeoPoint: { _lat: 1.5, _long: 2.5 } },
        },
      ],
    });
    const id = created.nftData.PlatformNFTId;
    const before = await readRecord(page.request, id);
    await page.goto(`/portal/collections/${id}`);
    await expect(field(collectionForm(page), "Not set")).toBeChecked();

    await field(collectionForm(page), "Creator").fill("Lynx Labs Ltd");
    await collectionForm(page).getByRole("button", { name: "Save collection" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Collection saved." })).toBeVisible();
    await page.getByRole("button", { name: "Edit perk “Forest walk”" }).click();
    await field(page.getByRole("form", { name: "Edit perk" }), "Short description (required)").fill("Forest walk at dusk");
    await page.getByRole("form", { name: "Edit perk" }).getByRole("button", { name: "Save perk" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Perk “Forest walk at dusk” saved." })).toBeVisible();

    const after = await readRecord(page.request, id);
    expect({ ...after.nftData, lastmodified: 0 }).toEqual({
      ...before.nftData,
      Creator: "Lynx Labs Ltd",
      Version: before.nftData.Version + 2,
      lastmodified: 0,
    });
    expect(after.perkData).toEqual([{ ...before.perkData[0], ShortDescription: "Forest walk at dusk" }]);
  });

  test("removes a perk after confirmation", async ({ page, partner, baseURL, uniqueWord }) => {
    void partner;
    const created = await saveThroughPortal(page, baseURL!, {
      nftData: { Title: `Heron ${uniqueWord}`, ContractChain: "Base" },
      perkData: [
        { ShortDescription: "Birdwatching walk", Tags: ["Events"] },
        { ShortDescription: "Heron scarf", Tags: ["Apparel"] },
      ],
    });
    const id = created.nftData.PlatformNFTId;
    await page.goto(`/portal/collections/${id}`);
    await page.getByRole("button", { name: "Remove perk “Birdwatching walk”" }).click();
    const dialog = page.getByRole("dialog", { name: "Remove this perk?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    expect((await readRecord(page.request, id)).perkData).toHaveLength(2);

    await page.getByRole("button", { name: "Remove perk “Birdwatching walk”" }).click();
    await dialog.getByRole("button", { name: "Remove perk" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Perk “Birdwatching walk” removed." })).toBeVisible();
    await expect(page.getByRole("button", { name: "Add a perk" })).toBeFocused();

    await page.reload();
    await expect(page.getByRole("heading", { name: "Heron scarf" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Birdwatching walk" })).toHaveCount(0);
    expect((await readRecord(page.request, id)).perkData.map((perk: { PlatformPerkId: string }) => perk.PlatformPerkId)).toEqual([
      created.perkData[1]!.PlatformPerkId,
    ]);
  });

  test("invalid input shows errors beside the fields and sends nothing", async ({ page, partner, baseURL, uniqueWord }) => {
    void partner;
    const saves: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/portal/save")) saves.push(request.url());
    });
    await page.goto("/portal/collections/new");
    const form = collectionForm(page);
    await fillCollection(form, { Title: "", ContractChain: "Base", Website: "javascript:alert(1)" });
    await form.getByRole("button", { name: "Create collection" }).click();
    await expect(field(form, "Title (required)")).toHaveAttribute("aria-invalid", "true");
    await expect(field(form, "Title (required)")).toHaveAccessibleDescription("Enter a title.");
    await expect(field(form, "Title (required)")).toBeFocused();
    await expect(field(form, "Website")).toHaveAccessibleDescription(/Enter a web address such as https:\/\/example\.com\.$/);
    await expect(field(form, "Chain (required)")).not.toHaveAttribute("aria-invalid", "true");

    // Leaving with unsaved changes asks first; declining stays on the page.
    await page.getByRole("link", { name: "← My collections" }).click();
    await page.getByRole("dialog", { name: "Leave without saving?" }).getByRole("button", { name: "Stay on this page" }).click();
    await expect(page).toHaveURL(/\/portal\/collections\/new$/);

    const created = await saveThroughPortal(page, baseURL!, { nftData: { Title: `Crane ${uniqueWord}`, ContractChain: "Base" } });
    saves.length = 0;
    await page.goto(`/portal/collections/${created.nftData.PlatformNFTId}`);
    await page.getByRole("button", { name: "Add a perk" }).click();
    const perkForm = page.getByRole("form", { name: "New perk" });
    await fillPerk(perkForm, { short: "Crane dance", tags: [], tokens: "-1" });
    await perkForm.getByRole("button", { name: "Add perk" }).click();
    await expect(field(perkForm, "Tokens required")).toHaveAttribute("aria-invalid", "true");
    await expect(field(perkForm, "Tokens required")).toHaveAccessibleDescription(/Tokens required can't be negative\.$/);
    await expect(perkForm.getByRole("group", { name: /Categories/ })).toHaveAccessibleDescription("Choose at least one category.");
    expect(saves).toEqual([]);
  });

  test("the whole create flow works with the keyboard alone", async ({ page, partner, uniqueWord }) => {
    void partner;
    const tabTo = async (matches: () => boolean | Promise<boolean>, limit = 120) => {
      for (let step = 0; step < limit; step += 1) {
        if (await matches()) return;
        await page.keyboard.press("Tab");
      }
      throw new Error("focus never reached the target");
    };
    const focusedId = () => page.evaluate(() => document.activeElement?.id ?? "");
    const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? "");

    await page.goto("/portal/collections/new");
    await tabTo(async () => (await focusedId()) === "collection-Title");
    await page.keyboard.type(`Keyboard ${uniqueWord}`);
    await page.keyboard.press("Tab");
    await page.keyboard.type("Base");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/portal\/collections\/(?!new$)[^/]+$/);
    const id = idFromUrl(page);

    await tabTo(async () => (await focusedText()) === "Add a perk");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("form", { name: "New perk" }).getByLabel("Short description (required)")).toBeFocused();
    await page.keyboard.type("Keyboard perk");
    await tabTo(async () => (await focusedText()) === "Merch");
    await page.keyboard.press("Space");
    await tabTo(async () => (await focusedText()) === "Add perk");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "Perk “Keyboard perk” added." })).toBeVisible();

    const record = await readRecord(page.request, id);
    expect(record.nftData).toMatchObject({ Title: `Keyboard ${uniqueWord}`, ContractChain: "Base" });
    expect(record.perkData).toMatchObject([{ ShortDescription: "Keyboard perk", Tags: ["Merch"] }]);
  });

  test("the editors pass an accessibility scan", async ({ page, partner, baseURL, uniqueWord }) => {
    void partner;
    await page.goto("/portal/collections/new");
    await expect(collectionForm(page)).toBeVisible();
    await expectNoAxeViolations(page);

    const created = await saveThroughPortal(page, baseURL!, {
      nftData: { Title: `Axe ${uniqueWord}`, ContractChain: "Base", floorPrice: "notset" },
      perkData: [
        { ShortDescription: "Scanned perk", Tags: ["Gaming"], Status: "Upcoming" },
        {
          ShortDescription: "Another perk",
          Tags: ["Music/Audio"],
          Date: { dt: { seconds: 1_767_225_600, nanoseconds: 0 }, timeSet: false },
        },
      ],
    });
    await page.goto(`/portal/collections/${created.nftData.PlatformNFTId}`);
    await expect(page.getByRole("heading", { name: "Scanned perk" })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Edit perk “Another perk”" }).click();
    await page.getByRole("form", { name: "Edit perk" }).getByRole("button", { name: "Save perk" }).focus();
    await expectNoAxeViolations(page);
    await page.emulateMedia({ colorScheme: "dark" });
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Remove perk “Scanned perk”" }).click();
    await expect(page.getByRole("dialog", { name: "Remove this perk?" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("another partner's collection, or an unknown id, is the 404 page", async ({ page, partner, baseURL, browser, uniqueWord }) => {
    void partner;
    const created = await saveThroughPortal(page, baseURL!, { nftData: { Title: `Private ${uniqueWord}`, ContractChain: "Base" } });
    const id = created.nftData.PlatformNFTId;

    const unknown = await page.goto("/portal/collections/no-such-collection");
    expect(unknown?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();

    const other = await browser.newContext({ baseURL });
    const otherPage = await other.newPage();
    await signUpPartner(otherPage.request, baseURL!);
    const response = await otherPage.goto(`/portal/collections/${id}`);
    expect(response?.status()).toBe(404);
    await expect(otherPage.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(otherPage.getByText(`Private ${uniqueWord}`)).toHaveCount(0);
    await other.close();
  });
});
