import { fetchJson, retryUnlessClientError } from "@/lib/http/client/fetch-json";
import type { ClaimList, HolderNonce, HolderSession } from "@/lib/schemas/claims";
import { connectWallet, signMessage, type Eip1193Provider, WalletError } from "./browser-wallet";

/** The react-query keys of the holder's own state: their sign-in and their claims. */
export const holderKeys = { session: ["holder", "session"] as const, claims: ["holder", "claims"] as const };

/** Who is signed in as a holder: null when nobody is (the route's 401). */
export const holderSessionOptions = () => ({
  queryKey: holderKeys.session,
  queryFn: async ({ signal }: { signal: AbortSignal }) => {
    const response = await fetch("/api/holders/session", { signal, headers: { accept: "application/json" } });
    if (response.status === 401) return null;
    if (!response.ok) throw new Error(`Your sign-in could not be checked (${response.status}).`);
    return (await response.json()) as HolderSession;
  },
  retry: retryUnlessClientError,
});

export const holderClaimsOptions = () => ({
  queryKey: holderKeys.claims,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchJson<ClaimList>("/api/holders/claims", { signal }),
  retry: retryUnlessClientError,
});

/** The wallet's chain (EIP-155 id), which the sign-in message names. */
async function chainIdOf(provider: Eip1193Provider): Promise<number> {
  const hex = await provider.request({ method: "eth_chainId" }).catch(() => null);
  const id = typeof hex === "string" ? Number.parseInt(hex, 16) : Number.NaN;
  if (!Number.isSafeInteger(id)) throw new WalletError("failed", "The wallet did not say which network it is on.");
  return id;
}

/**
 * Sign-In-with-Ethereum from the page: the wallet's account and chain, the service's message
 * for them, the wallet's signature, then the sign-in (or, already signed in, the wallet's link).
 */
export async function signInWithWallet(): Promise<HolderSession> {
  const { provider, address } = await connectWallet();
  const nonce = await fetchJson<HolderNonce>("/api/holders/nonce", {
    method: "POST",
    json: { Address: address.toLowerCase(), ChainId: await chainIdOf(provider) },
  });
  const signature = await signMessage(provider, address, nonce.Message);
  return fetchJson<HolderSession>("/api/holders/session", { method: "POST", json: { Message: nonce.Message, Signature: signature } });
}

export const signOutHolder = () => fetchJson<HolderSession>("/api/holders/session", { method: "DELETE" });
