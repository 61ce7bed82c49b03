import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { fetchJson, retryUnlessClientError } from "@/lib/http/client/fetch-json";
import type { ChainFacts } from "@/lib/schemas/chain-facts";
import type { Verification, VerificationNonce } from "@/lib/schemas/verification";
import { connectWallet, signMessage } from "@/lib/wallet/client/browser-wallet";
import { sendWrite } from "./once-only-write";
import { portalKeys } from "./queries";

const chainKey = (id: string) => [...portalKeys.all, "chain", id] as const;
const at = (id: string) => `/api/portal/collections/${encodeURIComponent(id)}/chain`;

export const chainFactsOptions = (id: string) =>
  queryOptions({
    queryKey: chainKey(id),
    queryFn: ({ signal }) => fetchJson<ChainFacts>(at(id), { signal }),
    retry: retryUnlessClientError,
    // A sync in progress changes the facts on its own: the panel follows it while it is Updating without a reason.
    refetchInterval: (query) =>
      query.state.data?.syncable && query.state.data.status === "Updating" && !query.state.data.reason ? 3_000 : false,
  });

/** "Sync now": queues an attempt, then reads the facts again. */
export function useSyncNow(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendWrite<{ queued: true }>(`sync-now-${id}`, `${at(id)}/sync`, { method: "POST" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chainKey(id) }),
  });
}

/** Where the verification stands, for the panel to say while it waits. */
export type VerifyStep = "connecting" | "preparing" | "signing" | "checking";

/**
 * "Verify ownership": connects the browser's wallet, asks the service for a one-time EIP-4361
 * message naming the collection, chain and contract, has the wallet sign it (`personal_sign`) and
 * sends it back; the service checks the signer is the contract's `owner()`. Then the facts, the
 * collection lists and the badges are read again.
 */
export function useVerifyOwnership(id: string, onStep: (step: VerifyStep | null) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        onStep("connecting");
        const { provider, address } = await connectWallet();
        onStep("preparing");
        const { Message } = await sendWrite<VerificationNonce>(`verify-nonce-${id}`, `${at(id)}/nonce`, {
          method: "POST",
          json: { Address: address },
        });
        onStep("signing");
        const Signature = await signMessage(provider, address, Message);
        onStep("checking");
        return await sendWrite<Verification>(`verify-${id}`, `${at(id)}/verify`, { method: "POST", json: { Message, Signature } });
      } finally {
        onStep(null);
      }
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: chainKey(id) });
      void queryClient.invalidateQueries({ queryKey: portalKeys.collectionLists() });
    },
  });
}
