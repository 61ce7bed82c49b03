"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, type ReactNode } from "react";
import { FormProvider, useForm } from "react-hook-form";
import type { CollectionFormOutput, CollectionFormValues } from "@/lib/portal/collection-form";
import { collectionFieldsSchema } from "@/lib/schemas/collection";
import { CollectionFields } from "./collection-fields";
import { FieldPrefix } from "./field";
import { primaryButton } from "./save-feedback";

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
    resolver: zodResolver(collectionFieldsSchema),
    defaultValues,
  });
  const { isDirty } = form.formState;
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const submit = form.handleSubmit(async (fields) => {
    if (pending) return;
    if (await onSubmit(fields)) form.reset(fields);
  });

  return (
    <FormProvider {...form}>
      <FieldPrefix.Provider value="collection">
        <form noValidate onSubmit={submit} aria-labelledby="collection-form-heading" className="flex flex-col gap-6">
          <h2 id="collection-form-heading" className="text-xl font-semibold">
            Collection
          </h2>
          <CollectionFields />
          <div className="flex flex-wrap items-start gap-4">
            <button type="submit" aria-disabled={pending} className={primaryButton}>
              {pending ? "Saving…" : submitLabel}
            </button>
            {children}
          </div>
        </form>
      </FieldPrefix.Provider>
    </FormProvider>
  );
}
