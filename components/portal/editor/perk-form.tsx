"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { perkFormValues, perkPayload, type PerkFormOutput, type PerkFormValues } from "@/lib/portal/perk-form";
import { useSavePerk } from "@/lib/portal/use-collection-mutations";
import { perkFieldsSchema, type PerkDoc } from "@/lib/schemas/perk";
import { FieldPrefix } from "./field";
import { PerkFields } from "./perk-fields";
import { SaveFeedback, primaryButton, secondaryButton } from "./save-feedback";

type Props = {
  collectionId: string;
  /** The perk to edit; none to add a new one. */
  perk?: PerkDoc;
  onSaved: (message: string) => void;
  onCancel: () => void;
  onDirtyChange: (dirty: boolean) => void;
  onReload: () => void;
  reloading: boolean;
};

/** One perk's form, validated with the API's perk schema; saves the complete perk. */
export function PerkForm({ collectionId, perk, onSaved, onCancel, onDirtyChange, onReload, reloading }: Props) {
  const form = useForm<PerkFormValues, unknown, PerkFormOutput>({
    resolver: zodResolver(perkFieldsSchema),
    defaultValues: perkFormValues(perk),
  });
  const save = useSavePerk(collectionId);
  const { isDirty } = form.formState;
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);
  const headingId = useId();
  // The form replaces the button that opened it; typing continues in its first field.
  useEffect(() => form.setFocus("ShortDescription"), [form]);

  const submit = form.handleSubmit(async (fields) => {
    if (save.isPending) return;
    try {
      await save.mutateAsync(perkPayload(fields, { PlatformNFTId: collectionId, PlatformPerkId: perk?.PlatformPerkId }));
    } catch {
      return;
    }
    onDirtyChange(false);
    onSaved(perk ? `Perk “${fields.ShortDescription}” saved.` : `Perk “${fields.ShortDescription}” added.`);
  });

  return (
    <FormProvider {...form}>
      <FieldPrefix.Provider value={`perk${perk ? `-${perk.PlatformPerkId}` : "-new"}`}>
        <form
          noValidate
          onSubmit={submit}
          aria-labelledby={headingId}
          className="flex flex-col gap-4 rounded-xl border border-indigo-200 bg-white p-5 shadow-sm dark:border-indigo-900 dark:bg-slate-900"
        >
          <h3 id={headingId} className="text-lg font-semibold">
            {perk ? "Edit perk" : "New perk"}
          </h3>
          <PerkFields />
          <div className="flex flex-wrap items-start gap-3">
            <button type="submit" aria-disabled={save.isPending} className={primaryButton}>
              {save.isPending ? "Saving…" : perk ? "Save perk" : "Add perk"}
            </button>
            <button type="button" onClick={onCancel} className={secondaryButton}>
              Cancel
            </button>
            <SaveFeedback status="" error={save.error} onReload={onReload} reloading={reloading} />
          </div>
        </form>
      </FieldPrefix.Provider>
    </FormProvider>
  );
}
