"use client";

import { useState } from "react";
import { Controller, useFormContext } from "react-hook-form";
import { draftFromPerkDate, perkDateFromDraft, withTimeSet, type DateDraft } from "@/lib/portal/perk-date";
import type { PerkFormValues } from "@/lib/portal/perk-form";
import type { PerkDate } from "@/lib/schemas/perk";
import { FieldMessages, describe, inputClass, useFieldError, useFieldId } from "./field";

type ControlsProps = { id: string; error?: string; value: PerkDate | undefined; onChange: (value: PerkDate) => void };

function DateControls({ id, error, value, onChange }: ControlsProps) {
  // The draft holds what the inputs show; the form holds the API value derived from it. A date
  // left untouched keeps its stored value exactly (seconds and nanoseconds included).
  const [draft, setDraft] = useState<DateDraft>(() => draftFromPerkDate(value));
  const update = (next: DateDraft) => {
    setDraft(next);
    onChange(perkDateFromDraft(next));
  };
  const hint = draft.timeSet ? "Date and time in your time zone." : "A calendar day, the same everywhere.";
  return (
    <fieldset className="sm:col-span-2">
      <legend className="text-sm font-medium">Date</legend>
      <div className="mt-1 flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={draft.noDate} onChange={(event) => update({ ...draft, noDate: event.target.checked })} className="size-4 accent-indigo-600" />
          No date
        </label>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={draft.timeSet}
            disabled={draft.noDate}
            onChange={(event) => update(withTimeSet(draft, event.target.checked))}
            className="size-4 accent-indigo-600"
          />
          Includes a time
        </label>
      </div>
      <label htmlFor={id} className="mt-2 block text-sm font-medium">
        {draft.timeSet ? "Date and time" : "Day"}
      </label>
      <input
        type={draft.timeSet ? "datetime-local" : "date"}
        value={draft.noDate ? "" : draft.text}
        disabled={draft.noDate}
        onChange={(event) => update({ ...draft, text: event.target.value })}
        {...describe(id, error, hint)}
        className={`${inputClass} sm:max-w-xs`}
      />
      <FieldMessages id={id} error={error} hint={hint} />
    </fieldset>
  );
}

/** The perk's `Date`: none, a calendar day, or a moment; mapped to the API's object in one place. */
export function DateInput() {
  const { control } = useFormContext<PerkFormValues>();
  const id = useFieldId("Date");
  const error = useFieldError("Date");
  return (
    <Controller
      control={control}
      name="Date"
      render={({ field }) => <DateControls id={id} error={error} value={field.value} onChange={field.onChange} />}
    />
  );
}
