"use client";

import { Controller, useFormContext } from "react-hook-form";
import type { CollectionFormValues } from "@/lib/portal/collection-form";
import { FieldMessages, describe, inputClass, useFieldError, useFieldId } from "./field";

const NOT_SET = "notset";

/** The floor price as a decimal, or the API's literal `notset` when the "Not set" box is ticked. */
export function FloorPriceField() {
  const { control } = useFormContext<CollectionFormValues>();
  const id = useFieldId("floorPrice");
  const error = useFieldError("floorPrice");
  const hint = "A decimal number such as 0.25.";
  return (
    <Controller
      control={control}
      name="floorPrice"
      render={({ field }) => {
        const notSet = field.value === NOT_SET;
        return (
          <div>
            <label htmlFor={id} className="block text-sm font-medium">
              Floor price
            </label>
            <input
              ref={field.ref}
              name={field.name}
              type="text"
              inputMode="decimal"
              value={notSet ? "" : (field.value ?? "")}
              disabled={notSet}
              onChange={(event) => field.onChange(event.target.value === "" ? undefined : event.target.value)}
              onBlur={field.onBlur}
              {...describe(id, error, hint)}
              className={inputClass}
            />
            <label className="mt-2 flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={notSet}
                onChange={(event) => field.onChange(event.target.checked ? NOT_SET : undefined)}
                className="size-4 accent-indigo-600"
              />
              Not set
            </label>
            <FieldMessages id={id} error={error} hint={hint} />
          </div>
        );
      }}
    />
  );
}
