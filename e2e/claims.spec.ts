import fs from "node:fs";
import { createWalletClient, http, publicActions, type Abi, type Address, type Hex } from "viem";
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { QRCodeSVG } from "qrcode.react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { injectWallet } from "./injected-wallet";
import { saveThroughPortal } from "./portal-editor-helpers";

/*
 * A holder claims perks on their wallet's page, signed in with a wallet injected into the page
 * (EIP-1193) whose account is a fresh key holding tokens on the e2e server's local chain; the
 * partner then sees the claims and redeems a code in the portal.
 */

const PHONE = { width: 390, height: 844 };
const deployer = mnemonicToAccount("test test test test test test test test test test test junk", { addressIndex: 0 });
const CODE = /^[2-9A-HJ-NP-Z]{5}-[2-9A-HJ-NP-Z]{5}$/;

/** The dark modules of the QR code that holds `text`, drawn by the library the page uses, with the page's quiet zone. */
const qrModules = (text: string) =>
  [...renderToStaticMarkup(createElement(QRCodeSVG, { value: text, marginSize: 2 })).matchAll(/ d="([^"]+)"/g)].at(-1)?.[1];

/** Deploys an ERC-721 on the server's chain and mints tokens 1 and 2 to `holder`. */
async function mintedContract(holder: Address): Promise<Address> {
  const rpc = (JSON.parse(fs.readFileSync(".data/e2e/chain.json", "utf8")) as { rpc: string }).rpc;
  const client = createWalletClient({ chain: foundry, transport: http(rpc), account: deployer }).extend(publicActions);
  const { abi, bytecode } = JSON.parse(fs.readFileSync("contracts/build/TestERC721.json", "utf8")) as { abi: Abi; bytecode: Hex };
  const deployed = await client.waitForTransactionReceipt({
    hash: await client.deployContract({ abi, bytecode, args: ["Claims", "CLM"] }),
  });
  const address = deployed.contractAddress!;
  await client.waitForTransactionReceipt({
    hash: await client.writeContract({ address, abi, functionName: "mintMany", args: [holder, 1n, 2n] }),
  });
  return address;
}

test.describe.configure({ timeout: 180_000 });

test("a holder signs in with their wallet, claims a one-time and an ordinary perk once each, and the partner redeems a code once", async ({
  page,
  partner,
  baseURL,
  uniqueWord,
}) => {
  void partner;
  const holder = privateKeyToAccount(generatePrivateKey());
  const contract = await mintedContract(holder.address);
  const created = await saveThroughPortal(page, baseURL!, {
    nftData: { Title: `Puffin ${uniqueWord}`, ContractChain: "Localhost", ContractAddress: contract },
    perkData: [
      { ShortDescription: `Puffin ${uniqueWord} boat trip`, Tags: ["Events"], OneTime: true },
      { ShortDescription: `Puffin ${uniqueWord} cafe discount`, Tags: ["Events"] },
    ],
  });
  const id = created.nftData.PlatformNFTId;
  // The server syncs the contract on its own: wait until its keyless read says so.
  await expect
    .poll(
      async () => ((await (await page.request.get(`/api/wallets/${holder.address}/perks`)).json()) as { Docs: unknown[] }).Docs.length,
      {
        timeout: 90_000,
      },
    )
    .toBe(2);

  // The wallet: requests go to this test, which answers as the holder's account on the local chain.
  const asked = await injectWallet(page, holder);

  await page.goto(`/wallet/${holder.address}`);
  const signIn = page.getByRole("button", { name: "Sign in with your wallet" });
  await signIn.focus();
  const signedIn = page.waitForResponse(
    (response) => response.url().endsWith("/api/holders/session") && response.request().method() === "POST",
  );
  await page.keyboard.press("Enter");
  expect((await signedIn).status()).toBe(200);
  await expect(page.getByTestId("holder-status")).toContainText("Signed in with");
  expect(asked).toEqual(["eth_requestAccounts", "eth_chainId", "personal_sign"]);

  const perks = page.getByRole("list", { name: `Perks of Puffin ${uniqueWord}` });
  const trip = perks.getByRole("listitem").filter({ hasText: `Puffin ${uniqueWord} boat trip` });
  const cafe = perks.getByRole("listitem").filter({ hasText: `Puffin ${uniqueWord} cafe discount` });

  // The one-time perk: token 2 chosen, a double click sends one claim.
  const claims: number[] = [];
  page.on("response", (response) => {
    if (response.url().endsWith("/api/holders/claims") && response.request().method() === "POST") claims.push(response.status());
  });
  await trip.getByLabel("Token").selectOption("2");
  await trip.getByRole("button", { name: "Claim with this token" }).dblclick();
  await expect(trip.getByTestId("claim-code")).toHaveText(CODE);
  await expect(trip).toContainText("Code for token #2");
  // Token 1 is still open for the perk; token 2 is not offered again.
  await expect(trip.getByLabel("Token").locator("option")).toHaveText(["#1"]);
  expect(claims).toEqual([200]);

  await cafe.getByRole("button", { name: "Claim" }).click();
  await expect(cafe.getByTestId("claim-code")).toHaveText(CODE);
  await expect(cafe.getByRole("button", { name: "Claim" })).toHaveCount(0);
  const tripCode = (await trip.getByTestId("claim-code").textContent())!;
  // The QR code beside it holds the code itself, as a venue's scanner types it into "Check a code".
  const drawn = await trip.getByTestId("claim-qr").locator("path").last().getAttribute("d");
  expect(drawn).toBe(qrModules(tripCode.replace("-", "")));
  expect(drawn).not.toBe(qrModules((await cafe.getByTestId("claim-code").textContent())!.replace("-", "")));
  await expectNoAxeViolations(page);
  await page.setViewportSize(PHONE);
  await expect(trip.getByTestId("claim-code")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The partner: the Claims page lists both; the code is redeemed once.
  await page.goto(`/portal/collections/${id}/claims`);
  const table = page.getByRole("table", { name: /Claims of this collection/ });
  await expect(table.getByRole("row")).toHaveCount(3);
  await expect(table.getByRole("row").filter({ hasText: tripCode })).toContainText("#2");
  await expect(table.getByRole("row").filter({ hasText: tripCode })).toContainText("Not yet");
  await page.getByLabel("Claim code").fill(tripCode.toLowerCase());
  await page.getByRole("button", { name: "Redeem" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Redeemed ${tripCode}` })).toContainText(`boat trip`);
  await expect(table.getByRole("row").filter({ hasText: tripCode })).not.toContainText("Not yet");
  // Claim and redemption times are written as every other date of the app (a <time>, in the visitor's own format).
  const times = table.getByRole("row").filter({ hasText: tripCode }).locator("time");
  await expect(times).toHaveCount(2);
  const shown = await times.last().evaluate((time) => [time.textContent, time.getAttribute("datetime")]);
  expect(shown[0]).toBe(
    await page.evaluate(
      (iso) =>
        new Intl.DateTimeFormat(undefined, { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" }).format(
          new Date(iso!),
        ),
      shown[1],
    ),
  );
  await page.getByLabel("Claim code").fill(tripCode);
  await page.getByRole("button", { name: "Redeem" }).click();
  await expect(page.locator("#redeem-code-error")).toContainText("already redeemed at");
  await expect(page.getByLabel("Claim code")).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);

  const csv = await page.request.get(`/api/portal/collections/${id}/claims?format=csv`);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  expect((await csv.text()).trim().split("\r\n")).toHaveLength(3);
});
