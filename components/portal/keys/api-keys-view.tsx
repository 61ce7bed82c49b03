"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { OneTimeSecretPage, introClass } from "@/components/ui/one-time-secret-page";
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
  const [revoking, setRevoking] = useState<ApiKeyRow | null>(null);
  const revoke = useRevokeKey();

  return (
    <OneTimeSecretPage<MintedKey, NonNullable<typeof keys.data>>
      title="API keys"
      intro={
        <p className={introClass}>
          Your systems call <code className="font-mono">/api-gateway/*</code> with a key, acting as your account. Give each system its own
          key, so you can revoke one without touching the others.
        </p>
      }
      form={(onIssued) => <MintKeyForm onMinted={onIssued} />}
      secret={(minted, onDone) => <NewKeyPanel minted={minted} onDone={onDone} />}
      list={{
        headingId: LIST_HEADING,
        heading: "Your keys",
        query: keys,
        what: "Your keys",
        loading: "Loading your keys…",
        empty: { when: (data) => data.keys.length === 0, say: "No keys yet. Create one above to call the API." },
        children: (data) => <KeyList keys={data.keys} onRevoke={setRevoking} />,
      }}
    >
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
    </OneTimeSecretPage>
  );
}
