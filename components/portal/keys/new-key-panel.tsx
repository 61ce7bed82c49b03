"use client";

import { OneTimeSecret } from "@/components/ui/one-time-secret";

/** A key just minted: its plaintext, which exists nowhere else, and its label. */
export type MintedKey = { key: string; label: string };

/** The one time a key's plaintext is on screen. */
export function NewKeyPanel({ minted, onDone }: { minted: MintedKey; onDone: () => void }) {
  return (
    <OneTimeSecret
      id="new-key"
      heading={`Your new key “${minted.label}”`}
      label="New API key"
      noun="key"
      value={minted.key}
      onDone={onDone}
    >
      Copy it now and keep it somewhere safe: it is shown only this once. Send it as <code>Authorization: Bearer &lt;key&gt;</code>.
    </OneTimeSecret>
  );
}
