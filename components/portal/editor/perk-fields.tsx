"use client";

import { Controller, useFormContext } from "react-hook-form";
import type { PerkFormValues } from "@/lib/portal/perk-form";
import { LIMITS } from "@/lib/schemas/limits";
import { PERK_STATUSES } from "@/lib/schemas/perk";
import { DateInput } from "./date-input";
import { FormSelectField, FormTextField, useFieldId } from "./form-fields";
import { LocationFields } from "./location-fields";
import { TagPicker } from "./tag-picker";

const Text: typeof FormTextField<PerkFormValues> = FormTextField;

/** Every partner-owned field of a perk. */
export function PerkFields() {
  const { control } = useFormContext<PerkFormValues>();
  const oneTimeId = useFieldId("OneTime");
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Text name="ShortDescription" label="Short description" kind="required" className="sm:col-span-2" />
      <Text name="LongDescription" label="Long description" multiline className="sm:col-span-2" />
      <TagPicker />
      <Text name="Site" label="Site" type="url" />
      <FormSelectField<PerkFormValues> name="Status" label="Status" options={PERK_STATUSES} />
      <Text
        name="TokensRequired"
        label="Tokens required"
        type="number"
        hint={`A whole number from 0 to ${LIMITS.tokensRequired.toLocaleString("en")}.`}
        inputProps={{ min: 0, step: 1 }}
      />
      <div className="flex items-end pb-2">
        <label htmlFor={oneTimeId} className="flex items-center gap-2 text-sm font-medium">
          {/* Controlled, so a perk stored without OneTime keeps it unassigned until it is ticked. */}
          <Controller
            control={control}
            name="OneTime"
            render={({ field }) => (
              <input
                id={oneTimeId}
                ref={field.ref}
                type="checkbox"
                checked={field.value === true}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
                className="size-4 accent-indigo-600"
              />
            )}
          />
          One-time perk (can be claimed once per token)
        </label>
      </div>
      <DateInput />
      <LocationFields />
    </div>
  );
}
