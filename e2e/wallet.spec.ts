import fs from "node:fs";
import { createWalletClient, http, publicActions, type Abi, type Address, type Hex } from "viem";
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { injectWallet } from "./injected-wallet";

/* The wallet page on the e2e server's local chain: a typed address, its perks by collection. */

const PHONE = { width: 390, height: 844 };
/** Hardhat's public test mnemonic: its first account is funded on every fresh anvil node. */
const deployer = mnemonicToAccount("test test test test test test test test test test test junk", { addressIndex: 0 });

function contract(name: string): { abi: Abi; bytecode: Hex } {
  return JSON.parse(fs.readFileSync(`contracts/build/${name}.json`, "utf8")) as { abi: Abi; bytecode: Hex };
}

/** Deploys an ERC-721 on the server's chain and mints `count` tokens to `holder`. */
async function collectionContract(holder: Address, count: number): Promise<Address> {
  const client = createWalletClient({
    chain: foundry,
    transport: http((JSON.parse(fs.readFileSync(".data/e2e/chain.json", "utf8")) as { rpc: string }).rpc),
    account: deployer,
  }).extend(publicActions);
  const { abi, bytecode } = contract("TestERC721");
  const deployed = await client.waitForTransactionReceipt({
    hash: await client.deployContract({ abi, bytecode, args: ["Wallet page", "WLT"] }),
  });
  const address = deployed.contractAddress!;
  const hash = await client.writeContract({ address, abi, functionName: "mintMany", args: [holder, 1n, BigInt(count)] });
  await client.waitForTransactionReceipt({ hash });
  return address;
}

test.describe.configure({ timeout: 120_000 });

test.describe("a wallet's perks", () => {
  test("typed into the form: the perks it holds enough for, by collection, and the one it is a token short of", async ({
    page,
    request,
    createCollection,
    uniqueWord,
  }) => {
    const holder = privateKeyToAccount(generatePrivateKey()).address;
    const address = await collectionContract(holder, 1);
    const { id, title } = await createCollection(
      { Title: `${uniqueWord} Harbour Otters`, ContractChain: "Localhost", ContractAddress: address },
      [
        { ShortDescription: `${uniqueWord} dock party`, Tags: ["Events"], Status: "Upcoming", Location: { address: "Pier 9, Harbour" } },
        { ShortDescription: `${uniqueWord} captain's dinner`, Tags: ["Events"], TokensRequired: 2 },
      ],
    );
    // The server syncs the contract on its own: wait until its keyless read says so.
    await expect
      .poll(async () => ((await (await request.get(`/api/wallets/${holder}/perks`)).json()) as { Docs: unknown[] }).Docs.length, {
        timeout: 60_000,
      })
      .toBeGreaterThan(0);

    await page.goto("/wallet");
    await page.getByLabel("Wallet address or ENS name").fill(holder.toLowerCase());
    await page.getByRole("button", { name: "Show perks" }).click();
    await expect(page).toHaveURL(new RegExp(`/wallet/${holder.toLowerCase()}$`));
    await expect(page.getByTestId("wallet-address")).toHaveText(holder);

    const eligible = page.getByRole("list", { name: "Eligible perks by collection" });
    await expect(eligible.getByRole("link", { name: title })).toHaveAttribute("href", `/collections/${id}`);
    const party = eligible
      .getByRole("list", { name: `Perks of ${title}` })
      .getByRole("listitem")
      .filter({ hasText: `${uniqueWord} dock party` });
    await expect(party).toContainText("Holds 1 · needs 1");
    await expect(party).toContainText("Upcoming");
    await expect(party).toContainText("Pier 9, Harbour");
    const close = page.getByRole("list", { name: "Perks a few tokens away, by collection" });
    const dinner = close.getByRole("list", { name: `Perks of ${title}` }).getByRole("listitem");
    await expect(dinner).toHaveCount(1);
    await expect(dinner).toContainText(`${uniqueWord} captain's dinner`);
    await expect(dinner).toContainText("Holds 1 · needs 2");
    // A collection without an image gets its initials tile (40 px) beside the title, not an empty indent.
    const group = eligible.getByRole("listitem").filter({ has: page.getByRole("link", { name: title }) });
    const indent = async () => (await group.getByRole("heading", { name: title }).boundingBox())!.x - (await group.boundingBox())!.x;
    expect(await indent()).toBeGreaterThanOrEqual(16 + 40 + 12);
    await page.screenshot({ path: test.info().outputPath("wallet-desktop.png"), fullPage: true });
    await expectNoAxeViolations(page);

    // On a phone the page fits the screen's width.
    await page.setViewportSize(PHONE);
    await expect(party).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await indent()).toBeGreaterThanOrEqual(16 + 40 + 12);
    await page.emulateMedia({ colorScheme: "dark" });
    await page.screenshot({ path: test.info().outputPath("wallet-phone-dark.png"), fullPage: true });
    await page.emulateMedia({ colorScheme: "light" });

    await eligible.getByRole("link", { name: title }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  });

  test("Connect wallet: without a wallet it says what is missing; with one it opens that wallet's page", async ({ page }) => {
    await page.goto("/wallet");
    await page.getByRole("button", { name: "Connect wallet" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toContainText("No browser wallet found");

    // A wallet injected into the page (EIP-1193), whose account the test chooses.
    const wallet = privateKeyToAccount(generatePrivateKey());
    const account = wallet.address;
    const asked = await injectWallet(page, wallet);
    await page.goto("/wallet");
    await page.getByRole("button", { name: "Connect wallet" }).press("Enter");
    await expect(page).toHaveURL(new RegExp(`/wallet/${account}$`));
    await expect(page.getByTestId("wallet-address")).toHaveText(account);
    // The address was all it asked for: nothing to sign.
    expect(asked).toEqual(["eth_requestAccounts"]);
  });

  test("a malformed address or an ENS name without an Ethereum RPC says why, a wallet holding nothing says so, and a bad page number gets a note", async ({
    page,
  }) => {
    await page.goto("/wallet/0x1234");
    await expect(page.getByRole("main").getByRole("alert")).toContainText("must be an EVM address (0x and 40 hex digits)");
    await expect(page.getByLabel("Wallet address or ENS name")).toHaveValue("0x1234");

    await page.goto("/wallet/vitalik.eth");
    await expect(page.getByRole("main").getByRole("alert")).toContainText("no Ethereum RPC is configured");

    const empty = `/wallet/${privateKeyToAccount(generatePrivateKey()).address}`;
    await page.goto(empty);
    await expect(page.getByText("No perks for this wallet yet")).toBeVisible();
    await expectNoAxeViolations(page);

    // Page numbers as the other public pages read them: `page` or `pageNum`, and plain words for one that cannot be used.
    for (const [query, note] of [
      ["?pageNum=abc", "“abc” is not a page number, so the first page is shown."],
      ["?page=0", "Pages are numbered from 1, so the first page is shown."],
    ]) {
      await page.goto(`${empty}${query}`);
      await expect(page.getByRole("note")).toHaveText(note!);
      await expect(page.getByText("No perks for this wallet yet")).toBeVisible();
    }
  });
});
