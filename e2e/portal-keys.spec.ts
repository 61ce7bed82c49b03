import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/* Revoking a key is a security action: the page says Revoked only once the server has. */

async function mintKey(page: Page, label: string) {
  await page.goto("/portal/keys");
  await page.getByLabel("Label", { exact: true }).fill(label);
  await page.getByRole("button", { name: "Create key" }).click();
  const shown = page.getByLabel("New API key");
  await expect(shown).toHaveValue(/^uds_/);
  const key = await shown.inputValue();
  await page.getByRole("button", { name: "Done" }).click();
  return { key, row: page.getByRole("row", { name: new RegExp(label) }) };
}

const callWith = (page: Page, key: string) => page.request.get("/api-gateway/search", { headers: { authorization: `Bearer ${key}` } });

test.describe("revoking keys", () => {
  test.describe.configure({ timeout: 90_000 });

  test("shows progress while the server works, Revoked only after it confirms, and the key is refused at once", async ({
    page,
    partner,
    uniqueWord,
  }) => {
    void partner;
    const { key, row } = await mintKey(page, `Held ${uniqueWord}`);
    expect((await callWith(page, key)).status()).toBe(200);

    // Hold the revocation until the page has been checked while it is pending.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/portal/keys/*", async (route) => {
      if (route.request().method() !== "DELETE") return route.continue();
      await held;
      await route.continue();
    });
    await row.getByRole("button", { name: /^Revoke/ }).click();
    const dialog = page.getByRole("dialog", { name: `Revoke “Held ${uniqueWord}”?` });
    await dialog.getByRole("button", { name: "Revoke key" }).click();
    await expect(dialog.getByRole("button", { name: "Revoking…" })).toBeDisabled();
    await expect(row).toContainText("Active");
    await expect(row).not.toContainText("Revoked");

    const answered = page.waitForResponse(
      (response) => response.request().method() === "DELETE" && response.url().includes("/api/portal/keys/"),
    );
    release();
    expect((await answered).status()).toBe(200);
    await expect(row).toContainText("Revoked");
    await expect(dialog).toBeHidden();
    const refused = await callWith(page, key);
    expect(refused.status()).toBe(401);
    expect(await refused.json()).toMatchObject({ error: "Bad API Key" });
  });

  test("a failed revocation says so in words, keeps the key Active, and Try again revokes it", async ({ page, partner, uniqueWord }) => {
    void partner;
    const { key, row } = await mintKey(page, `Flaky ${uniqueWord}`);
    await page.route("**/api/portal/keys/*", (route) =>
      route.request().method() === "DELETE" ? route.abort("internetdisconnected") : route.continue(),
    );
    await row.getByRole("button", { name: /^Revoke/ }).click();
    const dialog = page.getByRole("dialog", { name: `Revoke “Flaky ${uniqueWord}”?` });
    await dialog.getByRole("button", { name: "Revoke key" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Could not revoke the key: the server could not be reached. Try again.");
    await expect(page.getByText("Failed to fetch")).toHaveCount(0);
    await expect(row).toContainText("Active");
    await expect(row).not.toContainText("Revoked");
    expect((await callWith(page, key)).status()).toBe(200);

    await page.unrouteAll();
    const answered = page.waitForResponse(
      (response) => response.request().method() === "DELETE" && response.url().includes("/api/portal/keys/"),
    );
    await dialog.getByRole("button", { name: "Try again" }).click();
    expect((await answered).status()).toBe(200);
    await expect(row).toContainText("Revoked");
    expect((await callWith(page, key)).status()).toBe(401);
  });
});
