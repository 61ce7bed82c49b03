import type { Page } from "@playwright/test";
import type { Hex, LocalAccount } from "viem";
import { foundry } from "viem/chains";

/**
 * An EIP-1193 wallet injected into the page as `window.ethereum`, holding `account` on the local
 * chain: the page's requests are answered here, in the test, by the account itself (accounts,
 * chain id, `personal_sign`); any other method fails as a wallet refuses it. Returns the methods
 * asked, in order, so a test can check what the page asked the wallet for.
 */
export async function injectWallet(page: Page, account: LocalAccount): Promise<string[]> {
  const asked: string[] = [];
  await page.exposeFunction("__e2eWalletRequest", async (method: string, params: unknown[]) => {
    asked.push(method);
    if (method === "eth_requestAccounts" || method === "eth_accounts") return [account.address];
    if (method === "eth_chainId") return `0x${foundry.id.toString(16)}`;
    if (method === "personal_sign") return account.signMessage({ message: { raw: params[0] as Hex } });
    throw new Error(`unsupported method ${method}`);
  });
  await page.addInitScript(() => {
    const forward = (window as unknown as { __e2eWalletRequest: (method: string, params: unknown[]) => Promise<unknown> })
      .__e2eWalletRequest;
    (window as unknown as { ethereum: unknown }).ethereum = {
      request: ({ method, params }: { method: string; params?: unknown[] }) => forward(method, params ?? []),
    };
  });
  return asked;
}
