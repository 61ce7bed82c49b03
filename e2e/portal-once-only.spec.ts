import type { Locator, Page, Request } from "@playwright/test";
import { expect, test } from "./fixtures";
import { collectionForm, field, fillCollection, fillPerk, readRecord, saveThroughPortal } from "./portal-editor-helpers";

/* Every portal write happens once, however it is clicked: one request, no false conflict. */

/** Counts the portal's write requests (anything but GET under /api/portal/), by method and path. */
function countWrites(page: Page) {
  const writes: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    // A save's preview (`?dryRun=1`, sent before the save to find cleared fields) stores nothing: not a write.
    if (request.method() !== "GET" && url.pathname.startsWith("/api/portal/") && !url.searchParams.has("dryRun")) {
      writes.push(`${request.method()} ${url.pathname}`);
    }
  });
  return {
    of: (method: string, path: string | RegExp) =>
      writes.filter(
        (write) => write.startsWith(`${method} `) && (typeof path === "string" ? write === `${method} ${path}` : path.test(write)),
      ).length,
  };
}

const conflictMessage = (page: Page) => page.getByText(/changed by someone else/);

/**
 * Holds the next portal write that `matches` in the browser until `release` is called: the button
 * can be looked at while its request is known to be running.
 */
async function holdWrite(page: Page, matches: (request: Request) => boolean) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrived!: () => void;
  const held = new Promise<void>((resolve) => (arrived = resolve));
  let used = false;
  await page.route("**/api/portal/**", async (route) => {
    if (used || route.request().method() === "GET" || !matches(route.request())) return route.fallback();
    used = true;
    arrived();
    await released;
    await route.continue();
  });
  return {
    held,
    release: async () => {
      release();
      await page.unrouteAll({ behavior: "wait" });
    },
  };
}

/** Clicks `button`, holds its request, and checks the button is disabled and says `progress` until the answer. */
async function expectBusyWhileHeld(page: Page, button: Locator, progress: string, matches: (request: Request) => boolean) {
  const hold = await holdWrite(page, matches);
  await button.click();
  await hold.held;
  const busy = page.getByRole("button", { name: progress });
  await expect(busy).toBeDisabled();
  await expect(busy).toHaveAttribute("aria-disabled", "true");
  const answered = page.waitForResponse((response) => matches(response.request()));
  await hold.release();
  await answered;
  await expect(busy).toHaveCount(0);
}

const isSave = (request: Request) => request.method() === "POST" && request.url().endsWith("/api/portal/save");
const isDelete = (path: RegExp) => (request: Request) => request.method() === "DELETE" && path.test(new URL(request.url()).pathname);

test.describe("once-only portal writes", () => {
  test.describe.configure({ timeout: 120_000 });

  test("a double click on every editor button writes once and never reports a conflict", async ({ page, partner, uniqueWord }) => {
    void partner;
    const writes = countWrites(page);
    const title = `Once ${uniqueWord}`;

    await page.goto("/portal/collections/new");
    await fillCollection(collectionForm(page), { Title: title, ContractChain: "Base" });
    await page.getByRole("button", { name: "Create collection" }).dblclick();
    await expect(page).toHaveURL(/\/portal\/collections\/(?!new$)[^/]+$/);
    const id = new URL(page.url()).pathname.split("/").pop()!;
    const list = await (await page.request.get(`/api/portal/collections?q=${uniqueWord}`)).json();
    expect(list.total).toBe(1);
    expect(writes.of("POST", "/api/portal/save")).toBe(1);

    await field(collectionForm(page), "Creator").fill("Once Studio");
    await page.getByRole("button", { name: "Save collection" }).dblclick();
    await expect(page.getByRole("status").filter({ hasText: "Collection saved." })).toBeVisible();
    await expect(conflictMessage(page)).toHaveCount(0);
    expect(writes.of("POST", "/api/portal/save")).toBe(2);
    expect((await readRecord(page.request, id)).nftData).toMatchObject({ Creator: "Once Studio", Version: 2 });

    await page.getByRole("button", { name: "Add a perk" }).click();
    const newPerk = page.getByRole("form", { name: "New perk" });
    await fillPerk(newPerk, { short: "Entry", tags: ["Events"] });
    await newPerk.getByRole("button", { name: "Add perk" }).dblclick();
    await expect(page.getByRole("status").filter({ hasText: "Perk “Entry” added." })).toBeVisible();
    expect(writes.of("POST", "/api/portal/save")).toBe(3);
    let record = await readRecord(page.request, id);
    expect(record.perkData.map((perk: { ShortDescription: string }) => perk.ShortDescription)).toEqual(["Entry"]);
    expect(record.nftData.Version).toBe(3);

    await page.getByRole("button", { name: "Edit perk “Entry”" }).click();
    const editPerk = page.getByRole("form", { name: "Edit perk" });
    await field(editPerk, "Short description (required)").fill("Entry pass");
    await editPerk.getByRole("button", { name: "Save perk" }).dblclick();
    await expect(page.getByRole("status").filter({ hasText: "Perk “Entry pass” saved." })).toBeVisible();
    await expect(conflictMessage(page)).toHaveCount(0);
    expect(writes.of("POST", "/api/portal/save")).toBe(4);
    record = await readRecord(page.request, id);
    expect(record.perkData.map((perk: { ShortDescription: string }) => perk.ShortDescription)).toEqual(["Entry pass"]);
    expect(record.nftData.Version).toBe(4);

    await page.getByRole("button", { name: "Remove perk “Entry pass”" }).click();
    await page.getByRole("dialog", { name: "Remove this perk?" }).getByRole("button", { name: "Remove perk" }).dblclick();
    await expect(page.getByRole("status").filter({ hasText: "Perk “Entry pass” removed." })).toBeVisible();
    await expect(conflictMessage(page)).toHaveCount(0);
    expect(writes.of("DELETE", /^DELETE \/api\/portal\/collections\/[^/]+\/perks\//)).toBe(1);
    record = await readRecord(page.request, id);
    expect(record.perkData).toEqual([]);
    expect(record.nftData.Version).toBe(5);

    await page.getByRole("button", { name: "Delete collection", exact: true }).click();
    await page
      .getByRole("dialog", { name: `Delete “${title}”?` })
      .getByRole("button", { name: "Delete collection", exact: true })
      .dblclick();
    await expect(page).toHaveURL(/\/portal\/collections$/);
    expect(writes.of("DELETE", `/api/portal/collections/${id}`)).toBe(1);
    expect((await page.request.get(`/api/portal/collections/${id}`)).status()).toBe(404);
  });

  test("a double click on Create key and Revoke key mints and revokes once", async ({ page, partner, uniqueWord }) => {
    void partner;
    const writes = countWrites(page);
    await page.goto("/portal/keys");
    await page.getByLabel("Label", { exact: true }).fill(`Twice ${uniqueWord}`);
    await page.getByRole("button", { name: "Create key" }).dblclick();
    await expect(page.getByLabel("New API key")).toHaveValue(/^uds_/);
    const key = await page.getByLabel("New API key").inputValue();
    expect(writes.of("POST", "/api/portal/keys")).toBe(1);
    expect((await (await page.request.get("/api/portal/keys")).json()).keys).toHaveLength(1);
    await page.getByRole("button", { name: "Done" }).click();

    const row = page.getByRole("row", { name: new RegExp(uniqueWord) });
    await row.getByRole("button", { name: /^Revoke/ }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Revoke key" }).dblclick();
    await expect(row).toContainText("Revoked");
    await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
    expect(writes.of("DELETE", /^DELETE \/api\/portal\/keys\//)).toBe(1);
    expect((await page.request.get("/api-gateway/search", { headers: { authorization: `Bearer ${key}` } })).status()).toBe(401);
  });

  test("every write button is disabled and says what it is doing while its request runs", async ({ page, partner, uniqueWord }) => {
    void partner;
    const title = `Busy ${uniqueWord}`;
    await page.goto("/portal/collections/new");
    await fillCollection(collectionForm(page), { Title: title, ContractChain: "Base" });
    await expectBusyWhileHeld(page, page.getByRole("button", { name: "Create collection" }), "Saving…", isSave);
    await expect(page).toHaveURL(/\/portal\/collections\/(?!new$)[^/]+$/);

    await field(collectionForm(page), "Creator").fill("Busy Studio");
    await expectBusyWhileHeld(page, page.getByRole("button", { name: "Save collection" }), "Saving…", isSave);
    await expect(page.getByRole("status").filter({ hasText: "Collection saved." })).toBeVisible();

    await page.getByRole("button", { name: "Add a perk" }).click();
    const newPerk = page.getByRole("form", { name: "New perk" });
    await fillPerk(newPerk, { short: "Entry", tags: ["Events"] });
    await expectBusyWhileHeld(page, newPerk.getByRole("button", { name: "Add perk" }), "Saving…", isSave);
    await expect(page.getByRole("status").filter({ hasText: "Perk “Entry” added." })).toBeVisible();

    await page.getByRole("button", { name: "Edit perk “Entry”" }).click();
    const editPerk = page.getByRole("form", { name: "Edit perk" });
    await field(editPerk, "Short description (required)").fill("Entry pass");
    await expectBusyWhileHeld(page, editPerk.getByRole("button", { name: "Save perk" }), "Saving…", isSave);
    await expect(page.getByRole("status").filter({ hasText: "Perk “Entry pass” saved." })).toBeVisible();

    await page.getByRole("button", { name: "Remove perk “Entry pass”" }).click();
    const removeButton = page.getByRole("dialog", { name: "Remove this perk?" }).getByRole("button", { name: "Remove perk" });
    await expectBusyWhileHeld(page, removeButton, "Removing…", isDelete(/\/perks\//));
    await expect(page.getByRole("status").filter({ hasText: "Perk “Entry pass” removed." })).toBeVisible();

    await page.getByRole("button", { name: "Delete collection", exact: true }).click();
    const deleteButton = page
      .getByRole("dialog", { name: `Delete “${title}”?` })
      .getByRole("button", { name: "Delete collection", exact: true });
    const hold = await holdWrite(page, isDelete(/^\/api\/portal\/collections\/[^/]+$/));
    await deleteButton.click();
    await hold.held;
    await expect(page.getByRole("button", { name: "Deleting…" })).toBeDisabled();
    await hold.release();
    await expect(page).toHaveURL(/\/portal\/collections$/);

    await page.goto("/portal/keys");
    await page.getByLabel("Label", { exact: true }).fill(`Busy ${uniqueWord}`);
    await expectBusyWhileHeld(
      page,
      page.getByRole("button", { name: "Create key" }),
      "Creating…",
      (request) => request.method() === "POST" && request.url().endsWith("/api/portal/keys"),
    );
    await expect(page.getByLabel("New API key")).toHaveValue(/^uds_/);
    await page.getByRole("button", { name: "Done" }).click();
    const row = page.getByRole("row", { name: new RegExp(uniqueWord) });
    await row.getByRole("button", { name: /^Revoke/ }).click();
    await expectBusyWhileHeld(
      page,
      page.getByRole("dialog").getByRole("button", { name: "Revoke key" }),
      "Revoking…",
      isDelete(/^\/api\/portal\/keys\//),
    );
    await expect(row).toContainText("Revoked");
  });

  test("a create whose answer was lost, sent again after a reload, is replayed: one collection", async ({ page, partner, uniqueWord }) => {
    void partner;
    await page.goto("/portal/collections/new");
    const values = { Title: `Reloaded ${uniqueWord}`, ContractChain: "Base", Creator: "Reload Labs" };
    await fillCollection(collectionForm(page), values);
    // The first create reaches the server and is stored; its answer never reaches the page, which
    // the reload below ends. The route stays in place (unrouting would let Playwright pass the held
    // request on, and the old page would get an answer after all); later saves go straight through.
    let stored!: () => void;
    const reachedServer = new Promise<void>((resolve) => (stored = resolve));
    let held = false;
    await page.route("**/api/portal/save", async (route) => {
      if (held) return route.continue();
      held = true;
      await route.fetch();
      stored();
      await new Promise(() => undefined);
    });
    await page.getByRole("button", { name: "Create collection" }).click();
    await reachedServer;
    const list = async () => (await (await page.request.get(`/api/portal/collections?q=${uniqueWord}`)).json()).total;
    expect(await list()).toBe(1);

    page.once("dialog", (dialog) => void dialog.accept());
    await page.reload();
    await fillCollection(collectionForm(page), values);
    const resent = page.waitForResponse((response) => isSave(response.request()));
    await page.getByRole("button", { name: "Create collection" }).click();
    const response = await resent;
    expect(response.status()).toBe(200);
    expect(response.headers()["idempotent-replayed"]).toBe("true");
    await expect(page).toHaveURL(/\/portal\/collections\/(?!new$)[^/]+$/);
    expect(await list()).toBe(1);
  });

  test("a save sent again with its key after a lost answer is replayed, not a conflict", async ({ page, partner, baseURL, uniqueWord }) => {
    void partner;
    const created = await saveThroughPortal(page, baseURL!, { nftData: { Title: `Lost ${uniqueWord}`, ContractChain: "Base" } });
    const id = created.nftData.PlatformNFTId;
    await page.goto(`/portal/collections/${id}`);
    // The first save reaches the server and is stored, but its answer never reaches the page.
    let lost = false;
    await page.route("**/api/portal/save", async (route) => {
      if (lost) return route.continue();
      lost = true;
      await route.fetch();
      await route.abort("connectionreset");
    });
    await field(collectionForm(page), "Creator").fill("Lost and found");
    await page.getByRole("button", { name: "Save collection" }).click();
    await expect(collectionForm(page).getByRole("alert")).toHaveText("Not saved: the server could not be reached.");
    expect((await readRecord(page.request, id)).nftData.Version).toBe(2);

    const replay = page.waitForResponse((response) => response.url().endsWith("/api/portal/save"));
    await page.getByRole("button", { name: "Save collection" }).click();
    expect((await replay).headers()["idempotent-replayed"]).toBe("true");
    await expect(page.getByRole("status").filter({ hasText: "Collection saved." })).toBeVisible();
    await expect(conflictMessage(page)).toHaveCount(0);
    expect((await readRecord(page.request, id)).nftData).toMatchObject({ Creator: "Lost and found", Version: 2 });
  });
});
