"use client";

import { OneTimeSecret } from "@/components/ui/one-time-secret";
import type { NewSecret } from "./register-form";

/** The one time an endpoint's signing secret is on screen, as a new API key is. */
export function NewSecretPanel({ created, onDone }: { created: NewSecret; onDone: () => void }) {
  return (
    <OneTimeSecret
      id="new-secret"
      heading={`Signing secret for ${created.url}`}
      label="Signing secret"
      noun="secret"
      value={created.secret ?? null}
      missing="The endpoint was added, but the page lost the answer that showed its secret. Delete the endpoint and add it again."
      onDone={onDone}
    >
      Copy it now and keep it with your receiver: it is shown only this once. Check each request&apos;s <code>webhook-signature</code> with
      it (see the webhooks guide).
    </OneTimeSecret>
  );
}
