/**
 * The browser's wallet: an EIP-1193 provider a browser extension puts at `window.ethereum`.
 * Browser-only and dependency-free (it is in the bundle of every page that offers a wallet step):
 * connect, then sign a text message with `personal_sign`; failures become a WalletError whose
 * message says, in words a person can act on, what happened.
 */

/** The part of an EIP-1193 provider this module uses. */
export type Eip1193Provider = { request(args: { method: string; params?: unknown[] }): Promise<unknown> };

export type WalletFailure = "no-wallet" | "rejected" | "pending" | "no-account" | "disconnected" | "failed";

export class WalletError extends Error {
  constructor(
    readonly failure: WalletFailure,
    message: string,
  ) {
    super(message);
    this.name = "WalletError";
  }
}

const NO_WALLET =
  "No browser wallet found: install or enable a wallet extension (an EIP-1193 provider such as MetaMask), then reload the page.";

/** The page's wallet, or null when there is none (no extension, or server rendering). */
export function browserWallet(): Eip1193Provider | null {
  if (typeof window === "undefined") return null;
  const candidate = (window as { ethereum?: unknown }).ethereum;
  const request = (candidate as { request?: unknown } | null | undefined)?.request;
  return typeof request === "function" ? (candidate as Eip1193Provider) : null;
}

/** An EIP-1193 error (`{code, message}`, EIP-1193 and JSON-RPC codes) as a WalletError. */
export function walletErrorOf(error: unknown): WalletError {
  if (error instanceof WalletError) return error;
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  switch (code) {
    case 4001:
      return new WalletError("rejected", "The request was declined in the wallet.");
    case 4100:
      return new WalletError(
        "rejected",
        "The wallet has not allowed this site to use the account: connect it in the wallet, then try again.",
      );
    case 4900:
    case 4901:
      return new WalletError("disconnected", "The wallet is not connected to a network: reconnect it, then try again.");
    case -32002:
      return new WalletError("pending", "The wallet is already asking for this: open it and answer there.");
    default:
      return new WalletError("failed", `The wallet refused: ${typeof message === "string" && message ? message : "no reason given"}.`);
  }
}

async function call<T>(provider: Eip1193Provider, method: string, params?: unknown[]): Promise<T> {
  try {
    return (await provider.request(params ? { method, params } : { method })) as T;
  } catch (error) {
    throw walletErrorOf(error);
  }
}

/** Asks the wallet for its accounts (it may ask the person first) and returns the first one. */
export async function connectWallet(
  provider: Eip1193Provider | null = browserWallet(),
): Promise<{ provider: Eip1193Provider; address: string }> {
  if (!provider) throw new WalletError("no-wallet", NO_WALLET);
  const accounts = await call<unknown>(provider, "eth_requestAccounts");
  const address = Array.isArray(accounts) ? accounts.find((account): account is string => typeof account === "string") : undefined;
  if (!address || !/^0x[0-9a-fA-F]{40}$/.test(address))
    throw new WalletError("no-account", "The wallet gave no account: unlock it or add an account, then try again.");
  return { provider, address };
}

/** UTF-8 text as 0x-hex, the form `personal_sign` takes its message in. */
export function utf8Hex(text: string): string {
  let hex = "0x";
  for (const byte of new TextEncoder().encode(text)) hex += byte.toString(16).padStart(2, "0");
  return hex;
}

/** Has `address` sign `message` (EIP-191 `personal_sign`); the 0x signature. */
export async function signMessage(provider: Eip1193Provider, address: string, message: string): Promise<string> {
  const signature = await call<unknown>(provider, "personal_sign", [utf8Hex(message), address]);
  if (typeof signature !== "string" || !/^0x[0-9a-fA-F]+$/.test(signature))
    throw new WalletError("failed", "The wallet answered something that is not a signature.");
  return signature;
}
