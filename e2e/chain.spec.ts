import { expect, test } from "./fixtures";
import { collectionForm, fillCollection, saveThroughPortal } from "./portal-editor-helpers";

/* Chain facts in the portal: the address warning before saving, and the sync panel's reason. */

test.describe("chain sync in the portal", () => {
  test.describe.configure({ timeout: 120_000 });

  test("warns before saving an address that will not be synced, and the sync panel says why a collection is not synced", async ({
    page,
    partner,
    baseURL,
    uniqueWord,
  }) => {
    void partner;
    await page.goto("/portal/collections/new");
    const form = collectionForm(page);
    await fillCollection(form, { Title: `Heron ${uniqueWord}`, ContractChain: "ethereum", ContractAddress: "0x123" });
    await expect(form.getByRole("status").filter({ hasText: "Not synced with Ethereum" })).toContainText('"0x123" is not an EVM address');
    // One letter's case changed: the EIP-55 checksum fails.
    await fillCollection(form, { ContractAddress: "0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13d" });
    await expect(form.getByRole("status").filter({ hasText: "Not synced with Ethereum" })).toContainText("EIP-55 checksum");
    await fillCollection(form, { ContractAddress: "0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D" });
    await expect(form.getByText("Not synced with Ethereum")).toHaveCount(0);
    // A label the service does not sync gets no warning: any text is a valid address there.
    await fillCollection(form, { ContractChain: "Solana", ContractAddress: "0x123" });
    await expect(form.getByText(/Not synced with/)).toHaveCount(0);

    const created = await saveThroughPortal(page, baseURL!, {
      nftData: { Title: `Heron ${uniqueWord}`, ContractChain: "ethereum", ContractAddress: "0xbc4ca0eda7647a8ab7c2061c2e118a18a936f13d" },
    });
    await page.goto(`/portal/collections/${created.nftData.PlatformNFTId}`);
    const panel = page.getByRole("region", { name: "Chain sync" });
    await expect(panel.getByRole("alert")).toHaveText("not synced: no RPC is configured for Ethereum (CHAIN_RPC_ETHEREUM)");
    await expect(panel.getByRole("link", { name: "0xbc4ca0eda7647a8ab7c2061c2e118a18a936f13d" })).toHaveCount(0);
    await expect(panel.getByRole("button", { name: "Sync now" })).toHaveCount(0);
  });
});
