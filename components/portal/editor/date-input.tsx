"use client";

import { useState } from "react";
import { Controller, useFormContext } from "react-hook-form";
import { draftFromPerkDate, perkDateFromDraft, withTimeSet, type DateDraft } from "@/lib/portal/perk-date";
import type { PerkFormValues } from "@/lib/portal/perk-form";
import type { PerkDate } from "@/lib/schemas/perk";
import { FieldMessages, controlClass, describe } from "@/components/ui/field";
import { useFieldError, useFieldId } from "./form-fields";

type Mode = "none" | "day" | "moment";
const MODES: [Mode, string][] = [
  ["none", "No date"],
  ["day", "A day"],
  ["moment", "A day and time"],
];

type ControlsProps = { id: string; error?: string; value: PerkDate | undefined; onChange: (value: PerkDate) => void };

function DateControls({ id, error, value, onChange }: ControlsProps) {
  // The draft holds what the inputs show; the form holds the API value derived from it. A date
  // left untouched keeps its stored value exactly (seconds and nanoseconds included).
  const [draft, setDraft] = useState<DateDraft>(() => draftFromPerkDate(value));
  const update = (next: DateDraft) => {
    setDraft(next);
    onChange(perkDateFromDraft(next));
  };
  const mode: Mode = draft.noDate ? "none" : draft.timeSet ? "moment" : "day";
  const choose = (next: Mode) => {
    if (next === "none") update({ ...draft, noDate: true });
    else update(withTimeSet({ ...draft, noDate: false }, next === "moment"));
  };
  const hint = draft.timeSet ? "In your time zone." : "A calendar day, the same everywhere.";
  return (
    <fieldset className="sm:col-span-2">
      <legend className="text-sm font-medium">Date</legend>
      <div className="mt-1 flex flex-wrap gap-x-6 gap-y-2 text-sm">
        {MODES.map(([value, text]) => (
          <label key={value} className="flex items-center gap-2">
            <input
              type="radio"
              name={`${id}-mode`}
              value={value}
              checked={mode === value}
              onChange={() => choose(value)}
              className="size-4 accent-indigo-600"
            />
            {text}
          </label>
        ))}
      </div>
      {mode === "none" ? null : (
        <>
          <label htmlFor={id} className="mt-3 block text-sm font-medium">
            {mode === "moment" ? "Date and time" : "Day"}
          </label>
          <input
            type={mode === "moment" ? "datetime-local" : "date"}
            value={draft.text}
            onChange={(event) => update({ ...draft, text: event.target.value })}
            {...describe(id, error, hint)}
            className={`${controlClass("sm")} sm:max-w-xs`}
          />
        </>
      )}
      <FieldMessages id={id} size="sm" error={error} hint={mode === "none" ? undefined : hint} />
    </fieldset>
  );
}

/** The perk's `Date`: one choice of none, a calendar day or a moment, then the input for it. */
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
