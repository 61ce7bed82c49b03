"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { QueryStates } from "@/components/ui/query-states";
import { apiKeysOptions } from "@/lib/portal/client/queries";
import type { ApiKeyRow } from "@/lib/schemas/account";
import { useRevokeKey } from "@/lib/portal/client/use-key-mutations";
import { KeyList } from "./key-list";
import { MintKeyForm } from "./mint-key-form";
import { NewKeyPanel, type MintedKey } from "./new-key-panel";
import { RevokeDialog } from "./revoke-dialog";

const LIST_HEADING = "key-list-heading";

/** Mint, list and revoke the partner's API keys. */
export function ApiKeysView() {
  const keys = useQuery(apiKeysOptions());
  const [minted, setMinted] = useState<MintedKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyRow | null>(null);
  const revoke = useRevokeKey();

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">API keys</h1>
        <p className="mt-2 max-w-2xl text-slate-600 dark:text-slate-400">
          Your systems call <code className="font-mono">/api-gateway/*</code> with a key, acting as your account. Give each system its own
          key, so you can revoke one without touching the others.
        </p>
      </div>
      <MintKeyForm onMinted={setMinted} />
      {minted ? <NewKeyPanel minted={minted} onDone={() => setMinted(null)} /> : null}
      <section aria-labelledby={LIST_HEADING} className="flex flex-col gap-3">
        <h2 id={LIST_HEADING} tabIndex={-1} className="text-lg font-semibold outline-none">
          Your keys
        </h2>
        <QueryStates
          query={keys}
          what="Your keys"
          loading="Loading your keys…"
          empty={{ when: (data) => data.keys.length === 0, say: "No keys yet. Create one above to call the API." }}
        >
          {(data) => <KeyList keys={data.keys} onRevoke={setRevoking} />}
        </QueryStates>
      </section>
      <RevokeDialog
        target={revoking}
        onConfirm={(key) => revoke.mutateAsync(key)}
        pending={revoke.isPending}
        error={revoke.error}
        onClose={() => {
          setRevoking(null);
          revoke.reset();
        }}
        afterRevokeFocusId={LIST_HEADING}
      />
    </div>
  );
}
