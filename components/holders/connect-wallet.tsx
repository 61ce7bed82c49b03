"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { connectWallet, walletErrorOf } from "@/lib/wallet/client/browser-wallet";

/**
 * "Connect wallet": asks the browser's wallet (EIP-1193) for its account and goes on to that
 * wallet's page. Nothing is signed: holdings are public, so the account's address is all it takes.
 */
export function ConnectWallet() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const connect = async () => {
    setBusy(true);
    setError(null);
    try {
      const { address } = await connectWallet();
      router.push(`/wallet/${address}`);
    } catch (failure) {
      setError(walletErrorOf(failure).message);
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <div>
        <Button tone="secondary" size="md" busy={busy} spinner onClick={() => void connect()}>
          {busy ? "Waiting for your wallet…" : "Connect wallet"}
        </Button>
      </div>
      <Alert look="inline">{error}</Alert>
    </div>
  );
}
