"use client";

import { Controller, useFormContext } from "react-hook-form";
import type { PerkFormValues } from "@/lib/portal/perk-form";
import { CATEGORIES, type Category } from "@/lib/schemas/category-list";
import { FieldMessages } from "@/components/ui/field";
import { useFieldError, useFieldId } from "./form-fields";

const chip = "inline-flex items-center rounded-full border px-3 py-1.5 text-sm transition";
const idle =
  "border-slate-300 bg-white text-slate-700 hover:border-indigo-400 hover:text-indigo-700 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-300 dark:hover:border-indigo-400 dark:hover:text-indigo-300";
const active = "border-indigo-600 bg-indigo-600 text-white dark:border-indigo-400 dark:bg-indigo-400 dark:text-slate-950";

/** The perk's categories as toggle buttons (Space or Enter toggles), kept in the contract's order. */
export function TagPicker() {
  const { control } = useFormContext<PerkFormValues>();
  const id = useFieldId("Tags");
  const error = useFieldError("Tags");
  return (
    <Controller
      control={control}
      name="Tags"
      render={({ field }) => {
        const selected = new Set<string>(field.value ?? []);
        const toggle = (category: Category) => {
          const next = new Set(selected);
          if (next.has(category)) next.delete(category);
          else next.add(category);
          field.onChange(CATEGORIES.filter((candidate) => next.has(candidate)));
        };
        return (
          <fieldset aria-describedby={error ? `${id}-error` : undefined} className="sm:col-span-2">
            <legend className="text-sm font-medium">
              Categories <span className="text-slate-600 dark:text-slate-400">(at least one)</span>
            </legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {CATEGORIES.map((category, index) => (
                <button
                  key={category}
                  ref={index === 0 ? field.ref : undefined}
                  type="button"
                  aria-pressed={selected.has(category)}
                  onClick={() => toggle(category)}
                  onBlur={field.onBlur}
                  className={`${chip} ${selected.has(category) ? active : idle}`}
                >
                  {category}
                </button>
              ))}
            </div>
            <FieldMessages id={id} size="sm" error={error} />
          </fieldset>
        );
      }}
    />
  );
}
