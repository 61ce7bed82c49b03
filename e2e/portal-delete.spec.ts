import { expect, test } from "./fixtures";
import { saveThroughPortal } from "./portal-editor-helpers";

test.describe("deleting a collection", () => {
  test.describe.configure({ timeout: 90_000 });

  test("asks with the collection's title and perk count, then retrieval is 404 and search no longer finds it", async ({
    page,
    partner,
    baseURL,
    apiKey,
    uniqueWord,
  }) => {
    void partner;
    const title = `Doomed ${uniqueWord}`;
    const created = await saveThroughPortal(page, baseURL!, {
      nftData: { Title: title, ContractChain: "Base" },
      perkData: ["Hoodie", "Meetup", "Airdrop"].map((text) => ({ ShortDescription: text, Tags: ["Merch"] })),
    });
    const id = created.nftData.PlatformNFTId;
    const auth = { authorization: `Bearer ${apiKey}` };
    const found = async () =>
      (await (await page.request.get(`/api-gateway/search?query=${uniqueWord}`, { headers: auth })).json()).Docs.map(
        (doc: { PlatformNFTId: string }) => doc.PlatformNFTId,
      );
    expect(await found()).toEqual([id]);
    expect((await page.request.get(`/api-gateway/collections/${id}`, { headers: auth })).status()).toBe(200);

    await page.goto(`/portal/collections/${id}`);
    await page.getByRole("button", { name: "Delete collection", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: `Delete “${title}”?` });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`“${title}” and its 3 perks will be deleted`);
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    expect((await page.request.get(`/api-gateway/collections/${id}`, { headers: auth })).status()).toBe(200);

    await page.getByRole("button", { name: "Delete collection", exact: true }).click();
    const deleted = page.waitForResponse(
      (response) => response.request().method() === "DELETE" && response.url().includes(`/api/portal/collections/${id}`),
    );
    await dialog.getByRole("button", { name: "Delete collection and 3 perks" }).click();
    expect((await deleted).status()).toBe(200);
    await expect(page).toHaveURL(/\/portal\/collections$/);

    const retrieval = await page.request.get(`/api-gateway/collections/${id}`, { headers: auth });
    expect(retrieval.status()).toBe(404);
    expect(await found()).toEqual([]);
    expect((await page.goto(`/collections/${id}`))?.status()).toBe(404);
    // Its editor says it is gone (e2e/portal-leave-and-delete.spec.ts follows that further).
    expect((await page.goto(`/portal/collections/${id}`))?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: `“${title}” was deleted` })).toBeVisible();
  });
});
