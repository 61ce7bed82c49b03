"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { QRCodeSVG } from "qrcode.react";
import { useId, useRef, useState } from "react";
import { InstantText } from "@/components/local-time";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { controlClass } from "@/components/ui/field";
import { fetchJson } from "@/lib/http/client/fetch-json";
import { showCode, type Claim, type ClaimableToken, type ClaimList } from "@/lib/schemas/claims";
import { holderClaimsOptions, holderKeys, holderSessionOptions } from "@/lib/wallet/client/holder-sign-in";

/** `vault`: for a perk that is not one-time, the vault whose delegated holdings the wallet needs to claim it. */
type Props = { perkId: string; oneTime: boolean; wallet: string; tokens: ClaimableToken[]; vault?: string };

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;
// An own token keeps its id as the value; a vault's is told apart by the vault.
const keyOf = (token: ClaimableToken) => (token.vault ? `${token.vault}:${token.id}` : token.id);

/**
 * A claim's code, large and spaced for reading out, with its QR code for a venue's scanner (it
 * holds the code alone, as typed into the portal's "Check a code" form), and what it is for.
 */
function ClaimCode({ claim }: { claim: Claim }) {
  const shown = showCode(claim.Code);
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg border border-emerald-300 bg-emerald-50 px-3 py-2 dark:border-emerald-800 dark:bg-emerald-950">
      {/* Dark modules on white in both schemes: scanners expect that contrast. */}
      <QRCodeSVG
        value={claim.Code}
        size={96}
        marginSize={2}
        title={`QR code of ${shown}`}
        className="rounded bg-white"
        data-testid="claim-qr"
      />
      <div>
        <p className="text-xs text-emerald-900 dark:text-emerald-200">
          {claim.TokenId === null ? "Your code" : `Code for token #${claim.TokenId}`}
          {claim.RedeemedAt ? (
            <>
              {" · redeemed "}
              <InstantText ms={Date.parse(claim.RedeemedAt)} />
            </>
          ) : (
            " · show it where the perk is given"
          )}
        </p>
        <p className="font-mono text-2xl font-semibold tracking-widest text-emerald-950 dark:text-emerald-50" data-testid="claim-code">
          {shown}
        </p>
      </div>
    </div>
  );
}

/**
 * The Claim button of one eligible perk, for the signed-in holder of this page's wallet: a
 * one-time perk names one of the wallet's tokens (the chooser), any other perk gives the wallet
 * one code. The codes already claimed are shown instead of a second button; while a claim runs the
 * button cannot be pressed again, and the service records one claim per token or wallet anyway.
 */
export function ClaimPerk({ perkId, oneTime, wallet, tokens, vault }: Props) {
  const id = useId();
  const client = useQueryClient();
  const session = useQuery(holderSessionOptions());
  const signedIn = session.data?.Wallets.some((address) => address.toLowerCase() === wallet.toLowerCase()) ?? false;
  const claims = useQuery({ ...holderClaimsOptions(), enabled: signedIn });
  const mine = (claims.data?.Claims ?? []).filter(
    (claim) => claim.PlatformPerkId === perkId && claim.Wallet.toLowerCase() === wallet.toLowerCase(),
  );
  const claimedTokens = new Set(mine.map((claim) => claim.TokenId));
  const open = tokens.filter((token) => !claimedTokens.has(token.id));
  const [token, setToken] = useState("");
  const chosen = open.find((option) => keyOf(option) === token) ?? open[0];
  // Set at the click itself: react-query's pending state reaches the button a render later, after a double click's second click.
  const inFlight = useRef(false);
  const claim = useMutation({
    mutationFn: () =>
      fetchJson<Claim>("/api/holders/claims", {
        method: "POST",
        json: {
          PlatformPerkId: perkId,
          Address: wallet.toLowerCase(),
          ...(oneTime
            ? { TokenId: chosen?.id, ...(chosen?.vault ? { Vault: chosen.vault } : {}) }
            : vault
              ? { Vault: vault.toLowerCase() }
              : {}),
        },
      }),
    // The new code shows at once (no window where the button offers the same claim again), then the list is read afresh.
    onSuccess: (made) => {
      client.setQueryData<ClaimList>(holderKeys.claims, (list) => (list ? { Claims: [made, ...list.Claims] } : list));
      return client.invalidateQueries({ queryKey: holderKeys.claims });
    },
  });

  if (!signedIn) return null;
  const canClaim = oneTime ? open.length > 0 : mine.length === 0;
  return (
    <div className="mt-2 flex flex-col gap-2">
      {mine.map((item) => (
        <ClaimCode key={item.ClaimId} claim={item} />
      ))}
      {canClaim && claims.data ? (
        <div className="flex flex-wrap items-end gap-2">
          {oneTime ? (
            <div className="flex flex-col gap-1">
              <label htmlFor={`${id}-token`} className="text-sm font-medium">
                Token
              </label>
              <select
                id={`${id}-token`}
                value={chosen ? keyOf(chosen) : ""}
                onChange={(event) => setToken(event.target.value)}
                className={`${controlClass("sm")} mt-0 w-40`}
                aria-describedby={claim.error ? `${id}-error` : undefined}
              >
                {open.map((option) => (
                  <option key={keyOf(option)} value={keyOf(option)}>
                    {option.vault ? `#${option.id} via ${short(option.vault)} (delegated)` : `#${option.id}`}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <Button
            tone="primary"
            size="xs"
            busy={claim.isPending}
            spinner
            onClick={() => {
              if (inFlight.current) return;
              inFlight.current = true;
              claim.mutate(undefined, { onSettled: () => (inFlight.current = false) });
            }}
          >
            {claim.isPending ? "Claiming…" : oneTime ? "Claim with this token" : "Claim"}
          </Button>
        </div>
      ) : null}
      {oneTime && open.length === 0 && mine.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No token of this wallet is indexed yet to claim this perk with.</p>
      ) : null}
      <div id={`${id}-error`}>
        <Alert look="inline">{claim.error?.message}</Alert>
      </div>
    </div>
  );
}
