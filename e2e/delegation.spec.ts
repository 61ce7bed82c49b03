import fs from "node:fs";
import { createWalletClient, http, parseEther, publicActions, type Abi, type Address, type Hex } from "viem";
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { injectWallet } from "./injected-wallet";

/*
 * A cold wallet (a vault) delegates everything to a hot wallet in the delegate registry the e2e
 * server's local chain carries at its canonical address; the hot wallet's page shows the vault's
 * perks "via" the vault, and the hot wallet, signed in, claims a one-time perk with the vault's token.
 */

const REGISTRY = "0x00000000000000447e69651d841bD8D104Bed493";
const deployer = mnemonicToAccount("test test test test test test test test test test test junk", { addressIndex: 0 });
const CODE = /^[2-9A-HJ-NP-Z]{5}-[2-9A-HJ-NP-Z]{5}$/;
const artifact = (name: string) => JSON.parse(fs.readFileSync(`contracts/build/${name}.json`, "utf8")) as { abi: Abi; bytecode: Hex };
const rpc = () => (JSON.parse(fs.readFileSync(".data/e2e/chain.json", "utf8")) as { rpc: string }).rpc;

/** Deploys an ERC-721 minting tokens 1 and 2 to the vault, funds the vault and has it delegate everything to `hot`. */
async function vaultDelegating(vault: PrivateKeyAccount, hot: Address): Promise<Address> {
  const client = createWalletClient({ chain: foundry, transport: http(rpc()), account: deployer }).extend(publicActions);
  const { abi, bytecode } = artifact("TestERC721");
  const contract = (
    await client.waitForTransactionReceipt({
      hash: await client.deployContract({ abi, bytecode, args: ["Vaulted", "VLT"] }),
    })
  ).contractAddress!;
  await client.waitForTransactionReceipt({
    hash: await client.writeContract({ address: contract, abi, functionName: "mintMany", args: [vault.address, 1n, 2n] }),
  });
  await client.waitForTransactionReceipt({ hash: await client.sendTransaction({ to: vault.address, value: parseEther("1") }) });
  const asVault = createWalletClient({ chain: foundry, transport: http(rpc()), account: vault });
  const registry = artifact("TestDelegateRegistry").abi;
  await client.waitForTransactionReceipt({
    hash: await asVault.writeContract({
      address: REGISTRY,
      abi: registry,
      functionName: "delegateAll",
      args: [hot, `0x${"0".repeat(64)}`, true],
    }),
  });
  return contract;
}

test.describe.configure({ timeout: 180_000 });

test("a hot wallet's page shows a vault's perks as delegated, and the hot wallet claims one with the vault's token", async ({
  page,
  createCollection,
  uniqueWord,
}) => {
  const vault = privateKeyToAccount(generatePrivateKey());
  const hot = privateKeyToAccount(generatePrivateKey());
  const contract = await vaultDelegating(vault, hot.address);
  const { title } = await createCollection({ Title: `${uniqueWord} Cold Storage`, ContractChain: "Localhost", ContractAddress: contract }, [
    { ShortDescription: `${uniqueWord} vault tour`, Tags: ["Events"], OneTime: true },
  ]);
  // The server syncs the contract on its own: wait until the hot wallet's keyless read counts the vault's tokens.
  await expect
    .poll(async () => ((await (await page.request.get(`/api/wallets/${hot.address}/perks`)).json()) as { Docs: unknown[] }).Docs.length, {
      timeout: 90_000,
    })
    .toBe(1);

  await injectWallet(page, hot);
  await page.goto(`/wallet/${hot.address}`);
  const tour = page
    .getByRole("list", { name: `Perks of ${title}` })
    .getByRole("listitem")
    .filter({ hasText: `${uniqueWord} vault tour` });
  await expect(tour.getByTestId("delegated-from")).toHaveText(`via ${vault.address.slice(0, 6)}…${vault.address.slice(-4)} (delegated)`);

  await page.getByRole("button", { name: "Sign in with your wallet" }).click();
  await expect(page.getByTestId("holder-status")).toContainText("Signed in with");
  const options = tour.getByLabel("Token").locator("option");
  await expect(options).toHaveText([/^#1 via 0x/, /^#2 via 0x/]);
  const claimed = page.waitForResponse(
    (response) => response.url().endsWith("/api/holders/claims") && response.request().method() === "POST",
  );
  await tour.getByRole("button", { name: "Claim with this token" }).click();
  const answer = await claimed;
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toMatchObject({ TokenId: "1", Wallet: hot.address, Vault: vault.address });
  await expect(tour.getByTestId("claim-code")).toHaveText(CODE);
  await expect(options).toHaveText([/^#2 via 0x/]);
  await expectNoAxeViolations(page);
});
