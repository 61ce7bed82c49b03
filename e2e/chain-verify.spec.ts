import fs from "node:fs";
import { privateKeyToAccount } from "viem/accounts";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { injectWallet } from "./injected-wallet";
import { saveThroughPortal } from "./portal-editor-helpers";

/*
 * Verify ownership in the portal with a browser wallet: an EIP-1193 provider injected into the
 * page whose accounts and signatures come from anvil's first account (the owner() of the demo
 * contracts the e2e server deployed on its local chain), signed here with viem.
 */

/** anvil's (and Hardhat's) first test account: a published key, funded on every fresh node. */
const OWNER_KEY = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";

/** One of the e2e server's demo contracts: each test verifies its own, as verifying moves a contract's badge. */
function demoContract(index = 0): string {
  const chain = JSON.parse(fs.readFileSync(".data/e2e/chain.json", "utf8")) as { contracts: string[]; line: string };
  if (!chain.contracts[index]) throw new Error(`the e2e server has no local chain: ${chain.line}`);
  return chain.contracts[index];
}

test.describe("verifying a collection's contract in the portal", () => {
  test.describe.configure({ timeout: 120_000 });

  test("without a wallet the panel says so; with the owner's wallet the collection is verified, and its public page shows the badge", async ({
    page,
    partner,
    baseURL,
    uniqueWord,
  }) => {
    void partner;
    const owner = privateKeyToAccount(OWNER_KEY);
    const address = demoContract();
    const created = await saveThroughPortal(page, baseURL!, {
      nftData: { Title: `Kestrel ${uniqueWord}`, ContractChain: "Localhost", ContractAddress: address },
      perkData: [
        {
          ShortDescription: `Kestrel ${uniqueWord} meetup`,
          Tags: ["Events"],
          Location: { latitude: 51.5, longitude: -0.12, address: "Quay" },
        },
      ],
    });
    const id = created.nftData.PlatformNFTId;

    // No provider in this page: the step says what is missing.
    await page.goto(`/portal/collections/${id}`);
    const panel = page.getByRole("region", { name: "Chain sync" });
    await panel.getByRole("button", { name: "Verify ownership" }).click();
    await expect(panel.getByRole("alert")).toContainText("No browser wallet found");

    // The wallet: requests go to this test, which answers as the owner's account.
    const requests = await injectWallet(page, owner);
    await page.reload();
    const verify = panel.getByRole("button", { name: "Verify ownership" });
    // Keyboard only: focus the button and press Enter.
    await verify.focus();
    const verified = page.waitForResponse((response) => response.url().endsWith(`/chain/verify`) && response.request().method() === "POST");
    await page.keyboard.press("Enter");
    expect((await verified).status()).toBe(200);
    await expect(panel.getByText(`Verified by ${owner.address.toLowerCase()}, the contract's owner.`)).toBeVisible();
    await expect(panel.getByRole("status").filter({ hasText: "Verified: the collection now shows the badge." })).toBeVisible();
    expect(requests).toEqual(["eth_requestAccounts", "personal_sign"]);
    await expectNoAxeViolations(page);

    // The public page: the badge with the signer in its accessible name, and what the chain says.
    await page.goto(`/collections/${id}`);
    const badge = page.getByRole("heading", { level: 1 }).locator("..").getByText("Verified", { exact: false });
    await expect(badge).toHaveAttribute("title", `Verified by the contract's owner, ${owner.address.toLowerCase()}`);
    await expect(badge).toContainText(owner.address.toLowerCase());
    const onChain = page.getByRole("region", { name: "On chain (Localhost)" });
    await expect(onChain).toContainText("Contract");
    await expectNoAxeViolations(page);

    // The browser: "Verified only" keeps it, in the URL.
    await page.goto(`/?query=${uniqueWord}`);
    const answered = page.waitForResponse((response) => response.url().includes("verified=1") && response.ok());
    await page.getByLabel("Verified only").check();
    await answered;
    await expect(page).toHaveURL(/verified=1/);
    await expect(page.getByRole("article")).toHaveCount(1);
    await expect(page.getByRole("article").getByText("Verified", { exact: false })).toHaveAttribute(
      "title",
      /Verified by the contract's owner/,
    );

    // The map on /perks: the marker says verified, and its popup names who verified it.
    await page.goto(`/perks?query=${uniqueWord}`);
    const marker = page.getByRole("button", { name: `Kestrel ${uniqueWord} meetup (Kestrel ${uniqueWord}, verified): open details` });
    await marker.focus();
    await page.keyboard.press("Enter");
    await expect(page.locator(".leaflet-popup")).toContainText(`✓ Verified by the contract's owner, ${owner.address.toLowerCase()}`);
  });

  test("leaving the page the moment verification answers keeps the collection verified", async ({ page, partner, baseURL, uniqueWord }) => {
    void partner;
    const owner = privateKeyToAccount(OWNER_KEY);
    const created = await saveThroughPortal(page, baseURL!, {
      nftData: { Title: `Plover ${uniqueWord}`, ContractChain: "Localhost", ContractAddress: demoContract(1) },
    });
    const id = created.nftData.PlatformNFTId;
    await injectWallet(page, owner);
    await page.goto(`/portal/collections/${id}`);
    const panel = page.getByRole("region", { name: "Chain sync" });
    const verified = page.waitForResponse((response) => response.url().endsWith(`/chain/verify`) && response.request().method() === "POST");
    await panel.getByRole("button", { name: "Verify ownership" }).click();
    expect((await verified).status()).toBe(200);
    // Away at once, before the panel shows anything.
    await page.goto("/portal/collections");

    const facts = await page.request.get(`/api/portal/collections/${id}/chain`);
    expect(facts.status()).toBe(200);
    expect((await facts.json()).verifiedBy).toBe(owner.address.toLowerCase());
    await page.goto(`/portal/collections/${id}`);
    await expect(panel.getByText(`Verified by ${owner.address.toLowerCase()}, the contract's owner.`)).toBeVisible();
  });
});
