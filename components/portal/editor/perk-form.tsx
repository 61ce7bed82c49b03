"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useRef } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { perkFormValues, perkPayload, type PerkFormOutput, type PerkFormValues } from "@/lib/portal/perk-form";
import { useQueryClient } from "@tanstack/react-query";
import { clearedLocally } from "@/lib/portal/client/history";
import { perkSaveBody, useSavePerk } from "@/lib/portal/client/use-collection-mutations";
import { withFriendlyMessages } from "@/lib/forms/friendly-resolver";
import { perkFieldsSchema, type PerkDoc } from "@/lib/schemas/perk";
import { PERK_MESSAGES } from "@/lib/schemas/perk-messages";
import { FieldPrefix } from "./form-fields";
import { PerkFields } from "./perk-fields";
import { SaveFeedback } from "./save-feedback";
import { useBlankingConfirmation } from "./use-blanking-confirmation";

type Props = {
  collectionId: string;
  /** The perk to edit; none to add a new one. */
  perk?: PerkDoc;
  onSaved: (message: string) => void;
  onCancel: () => void;
  onDirtyChange: (dirty: boolean) => void;
};

/** One perk's form, validated with the API's perk schema; saves the complete perk. */
export function PerkForm({ collectionId, perk, onSaved, onCancel, onDirtyChange }: Props) {
  const form = useForm<PerkFormValues, unknown, PerkFormOutput>({
    resolver: withFriendlyMessages(zodResolver(perkFieldsSchema), PERK_MESSAGES),
    defaultValues: perkFormValues(perk),
  });
  const save = useSavePerk(collectionId);
  const { isDirty } = form.formState;
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);
  const headingId = useId();
  // The form replaces the button that opened it; typing continues in its first field.
  useEffect(() => form.setFocus("ShortDescription"), [form]);

  const queryClient = useQueryClient();
  const blanking = useBlankingConfirmation();
  // One submit at a time: a double click must not preview (and ask) twice. After a save the guard
  // stays set, as the form is closing: a second click the browser hands over late saves nothing.
  const submitting = useRef(false);

  const onValid = async (fields: PerkFormOutput) => {
    if (save.isPending || submitting.current) return;
    submitting.current = true;
    let saved = false;
    try {
      const payload = perkPayload(fields, { PlatformNFTId: collectionId, PlatformPerkId: perk?.PlatformPerkId });
      // Only an edit can clear a stored value; a new perk has none.
      const title = perk?.ShortDescription ?? fields.ShortDescription;
      const confirmed =
        !perk ||
        (await blanking.confirm(
          perkSaveBody(queryClient, collectionId, payload),
          () => title,
          () => clearedLocally(perk, payload).map((label) => `${title}: ${label}`),
        ));
      if (!confirmed) return;
      await save.mutateAsync(payload);
      saved = true;
    } catch {
      return;
    } finally {
      if (!saved) submitting.current = false;
    }
    onDirtyChange(false);
    onSaved(perk ? `Perk “${fields.ShortDescription}” saved.` : `Perk “${fields.ShortDescription}” added.`);
  };

  return (
    <FormProvider {...form}>
      <FieldPrefix.Provider value={`perk${perk ? `-${perk.PlatformPerkId}` : "-new"}`}>
        <form
          noValidate
          onSubmit={(event) => void form.handleSubmit(onValid)(event)}
          aria-labelledby={headingId}
          className="flex flex-col gap-4 rounded-xl border border-indigo-200 bg-white p-5 shadow-sm dark:border-indigo-900 dark:bg-slate-900"
        >
          <h3 id={headingId} className="text-lg font-semibold">
            {perk ? "Edit perk" : "New perk"}
          </h3>
          <PerkFields />
          <div className="flex flex-wrap items-start gap-3">
            <Button type="submit" tone="primary" state="wait" busy={save.isPending}>
              {save.isPending ? "Saving…" : perk ? "Save perk" : "Add perk"}
            </Button>
            <Button tone="secondary" state="wait" onClick={onCancel}>
              Cancel
            </Button>
            <SaveFeedback status="" error={save.error} />
          </div>
        </form>
        {blanking.dialog}
      </FieldPrefix.Provider>
    </FormProvider>
  );
}
