"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { PanelForm } from "@/components/ui/panel-form";
import { failureText } from "@/lib/portal/client/once-only-write";
import { useMintKey } from "@/lib/portal/client/use-key-mutations";
import { withFriendlyMessages } from "@/lib/forms/friendly-resolver";
import { apiKeyRequestSchema } from "@/lib/schemas/account";
import { API_KEY_MESSAGES } from "@/lib/schemas/account-messages";
import { LIMITS } from "@/lib/schemas/limits";
import type { MintedKey } from "./new-key-panel";

/** Names and mints a new key; `onMinted` receives the plaintext, which exists nowhere else. */
export function MintKeyForm({ onMinted }: { onMinted: (minted: MintedKey) => void }) {
  const { register, handleSubmit, formState, reset } = useForm({
    resolver: withFriendlyMessages(zodResolver(apiKeyRequestSchema), API_KEY_MESSAGES),
    defaultValues: { label: "", scope: "write" as const },
  });
  const mint = useMintKey();
  const [unseen, setUnseen] = useState<string | null>(null);

  return (
    <PanelForm
      id="mint-key"
      title="Create a key"
      onSubmit={handleSubmit((values) =>
        mint.mutateAsync(values).then(
          ({ key, summary }) => {
            reset();
            // A replayed answer: the key exists, but its only copy was in an answer this page lost.
            setUnseen(key ? null : summary.label);
            if (key) onMinted({ key, label: summary.label });
          },
          () => undefined,
        ),
      )}
    >
      <Alert>{mint.error ? `The key could not be created: ${failureText(mint.error)}. Try again.` : null}</Alert>
      <Alert>
        {unseen
          ? `The key “${unseen}” was created, but the page lost the answer that showed it. Revoke that key and create another.`
          : null}
      </Alert>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex-1">
          <TextField
            id="key-label"
            label="Label"
            hint="Where the key will be used, so you can tell keys apart later."
            maxLength={LIMITS.keyLabel}
            autoComplete="off"
            error={formState.errors.label?.message}
            {...register("label")}
          />
        </div>
        <fieldset aria-describedby="key-scope-hint" className="flex flex-col gap-1.5">
          <legend className="text-sm font-medium">Scope</legend>
          <div className="flex gap-4 py-2">
            <label className="flex items-center gap-2">
              <input type="radio" value="write" {...register("scope")} /> Read and write
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" value="read" {...register("scope")} /> Read only
            </label>
          </div>
          <p id="key-scope-hint" className="max-w-56 text-sm text-slate-600 dark:text-slate-400">
            A read-only key is refused (403) every write.
          </p>
        </fieldset>
        <div className="sm:pt-7">
          <SubmitButton pending={mint.isPending} pendingLabel="Creating…">
            Create key
          </SubmitButton>
        </div>
      </div>
    </PanelForm>
  );
}
