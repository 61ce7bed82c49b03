"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { panelClass } from "@/components/ui/panel";
import { walletErrorOf, WalletError } from "@/lib/wallet/client/browser-wallet";
import { holderKeys, holderSessionOptions, signInWithWallet, signOutHolder } from "@/lib/wallet/client/holder-sign-in";

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

/** A failure in words: the wallet's own (declined, no wallet) or the service's answer. */
export const messageOf = (error: unknown) =>
  error instanceof WalletError || typeof (error as { code?: unknown } | null)?.code === "number"
    ? walletErrorOf(error).message
    : error instanceof Error
      ? error.message
      : "Signing in failed.";

/**
 * The holder's sign-in on a wallet's page: signing a message with the wallet proves it is theirs
 * (Sign-In-with-Ethereum; nothing is sent on chain), which claiming a perk needs. Signed in with
 * another wallet, signing with this one links it to the same sign-in.
 */
export function HolderSignIn({ wallet }: { wallet: string }) {
  const client = useQueryClient();
  const session = useQuery(holderSessionOptions());
  const refresh = () =>
    Promise.all([client.invalidateQueries({ queryKey: holderKeys.session }), client.invalidateQueries({ queryKey: holderKeys.claims })]);
  // Set at the click itself, so a double click asks the wallet once.
  const inFlight = useRef(false);
  const signIn = useMutation({ mutationFn: signInWithWallet, onSuccess: refresh, onSettled: () => (inFlight.current = false) });
  const signOut = useMutation({ mutationFn: signOutHolder, onSuccess: refresh });
  const wallets = session.data?.Wallets ?? [];
  const hasThis = wallets.some((address) => address.toLowerCase() === wallet.toLowerCase());

  return (
    <section aria-labelledby="holder-title" className={panelClass("flex flex-col gap-3 p-4")}>
      <h2 id="holder-title" className="font-semibold">
        Claim perks
      </h2>
      {session.isPending ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Checking your sign-in…</p>
      ) : hasThis ? (
        <p className="text-sm" data-testid="holder-status">
          Signed in with {short(wallet)}: claim a perk below, then show its code where the perk is given.
        </p>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Is this your wallet? Sign a message with it to claim its perks. Signing proves the wallet is yours; it is not a transaction and
          costs nothing.
          {wallets.length > 0 ? ` You are signed in with ${wallets.map(short).join(", ")}; signing adds this wallet.` : ""}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {!hasThis ? (
          <Button
            tone="primary"
            busy={signIn.isPending}
            spinner
            onClick={() => {
              if (inFlight.current) return;
              inFlight.current = true;
              signIn.mutate();
            }}
          >
            {signIn.isPending ? "Waiting for your wallet…" : "Sign in with your wallet"}
          </Button>
        ) : null}
        {wallets.length > 0 ? (
          <Button tone="secondary" busy={signOut.isPending} onClick={() => !signOut.isPending && signOut.mutate()}>
            Sign out
          </Button>
        ) : null}
      </div>
      <Alert look="inline">{signIn.error ? messageOf(signIn.error) : signOut.error ? messageOf(signOut.error) : null}</Alert>
    </section>
  );
}
