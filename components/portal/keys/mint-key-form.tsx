"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { FormAlert } from "@/components/portal/form/form-alert";
import { SubmitButton } from "@/components/portal/form/submit-button";
import { TextField } from "@/components/portal/form/text-field";
import { apiKeyRequestSchema } from "@/lib/schemas/account";
import { LIMITS } from "@/lib/schemas/limits";
import type { MintedKey } from "./new-key-panel";
import { useMintKey } from "./use-key-mutations";

/** Names and mints a new key; `onMinted` receives the plaintext, which exists nowhere else. */
export function MintKeyForm({ onMinted }: { onMinted: (minted: MintedKey) => void }) {
  const { register, handleSubmit, formState, reset } = useForm({
    resolver: zodResolver(apiKeyRequestSchema),
    defaultValues: { label: "" },
  });
  const mint = useMintKey();

  return (
    <form
      noValidate
      aria-labelledby="mint-key-heading"
      onSubmit={handleSubmit((values) =>
        mint.mutateAsync(values).then(
          ({ key, summary }) => {
            reset();
            onMinted({ key, label: summary.label });
          },
          () => undefined,
        ),
      )}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="mint-key-heading" className="text-lg font-semibold">
        Create a key
      </h2>
      <FormAlert message={mint.error ? `The key could not be created: ${mint.error.message}` : null} />
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
        <div className="sm:pt-7">
          <SubmitButton pending={mint.isPending} pendingLabel="Creating…">
            Create key
          </SubmitButton>
        </div>
      </div>
    </form>
  );
}
