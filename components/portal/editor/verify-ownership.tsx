"use client";

import { useState } from "react";
import { Alert, StatusMessage } from "@/components/ui/alert";
import { VerifiedBadge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useVerifyOwnership, type VerifyStep } from "@/lib/portal/client/chain";
import { failureText } from "@/lib/portal/client/once-only-write";
import type { ChainFacts } from "@/lib/schemas/chain-facts";
import { WalletError } from "@/lib/wallet/client/browser-wallet";

const STEP_WORDS: Record<VerifyStep, string> = {
  connecting: "Connecting to your wallet…",
  preparing: "Preparing the message to sign…",
  signing: "Sign the message in your wallet.",
  checking: "Checking the signature against the contract's owner…",
};

function failureWords(error: Error): string {
  if (error instanceof WalletError) return error.message;
  // The service names the field at fault ("Address: …"); the panel already says what is being checked.
  return `Not verified: ${failureText(error).replace(/^(Address|Message|Signature|PlatformNFTId): /, "")}.`;
}

/**
 * The sync panel's verification step: the partner proves control of the contract by signing a
 * Sign-In-with-Ethereum message with the wallet of its `owner()`.
 */
export function VerifyOwnership({ id, facts }: { id: string; facts: ChainFacts }) {
  const [step, setStep] = useState<VerifyStep | null>(null);
  const verify = useVerifyOwnership(id, setStep);
  const verifiedBy = verify.data?.VerifiedBy ?? facts.verifiedBy;
  return (
    <div className="flex flex-col gap-2 border-t border-slate-200 pt-3 dark:border-slate-700">
      <h3 className="font-semibold">Ownership</h3>
      {verifiedBy ? (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <VerifiedBadge by={verifiedBy} />
          <span className="break-all">Verified by {verifiedBy}, the contract&apos;s owner.</span>
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Prove that you control this contract: sign a message with the wallet of its owner
            {facts.owner ? <span className="break-all"> ({facts.owner})</span> : null}. Signing costs nothing and sends no transaction.
            {facts.verifiedElsewhere ? " Another collection of this contract holds the badge now; verifying moves it here." : null}
          </p>
          <div className="flex flex-wrap items-center gap-3">
            <Button tone="primary" busy={verify.isPending} spinner onClick={() => verify.mutate()}>
              Verify ownership
            </Button>
            <StatusMessage look="muted">{step ? STEP_WORDS[step] : ""}</StatusMessage>
          </div>
          {verify.isError && <Alert>{failureWords(verify.error)}</Alert>}
        </>
      )}
      <StatusMessage>{verify.isSuccess ? "Verified: the collection now shows the badge." : ""}</StatusMessage>
    </div>
  );
}
