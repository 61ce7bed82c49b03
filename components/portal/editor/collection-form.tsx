"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, type ReactNode } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/use-hydrated";
import type { CollectionFormOutput, CollectionFormValues } from "@/lib/portal/collection-form";
import { withFriendlyMessages } from "@/lib/forms/friendly-resolver";
import { collectionFieldsSchema } from "@/lib/schemas/collection";
import { COLLECTION_MESSAGES } from "@/lib/schemas/collection-messages";
import { CollectionFields } from "./collection-fields";
import { FieldPrefix } from "./form-fields";

type Props = {
  defaultValues: CollectionFormValues;
  submitLabel: string;
  pending: boolean;
  /** Resolves true when saved, so the form takes the saved values as its clean state. */
  onSubmit: (fields: CollectionFormOutput) => Promise<boolean>;
  onDirtyChange: (dirty: boolean) => void;
  /** Save feedback, shown beside the button. */
  children?: ReactNode;
};

/** The collection's fields, validated with the API's own schema before anything is sent. */
export function CollectionForm({ defaultValues, submitLabel, pending, onSubmit, onDirtyChange, children }: Props) {
  const form = useForm<CollectionFormValues, unknown, CollectionFormOutput>({
    resolver: withFriendlyMessages(zodResolver(collectionFieldsSchema), COLLECTION_MESSAGES),
    defaultValues,
  });
  const hydrated = useHydrated();
  const { isDirty } = form.formState;
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const submit = form.handleSubmit(async (fields) => {
    if (pending) return;
    if (await onSubmit(fields)) form.reset(fields);
  });

  return (
    <FormProvider {...form}>
      <FieldPrefix.Provider value="collection">
        <form
          id="collection-details"
          noValidate
          onSubmit={submit}
          aria-labelledby="collection-form-heading"
          className="flex scroll-mt-4 flex-col gap-6"
        >
          <h2 id="collection-form-heading" className="text-xl font-semibold">
            Collection details
          </h2>
          {/* Disabled until the page runs: text typed into the server's HTML before then would be
              replaced by the form's values when it hydrates, and a Save would be a plain GET. */}
          <fieldset disabled={!hydrated} className="contents">
            <CollectionFields />
            <div className="flex flex-wrap items-start gap-4">
              <Button type="submit" tone="primary" state="wait" busy={pending}>
                {pending ? "Saving…" : submitLabel}
              </Button>
              {children}
            </div>
          </fieldset>
        </form>
      </FieldPrefix.Provider>
    </FormProvider>
  );
}
