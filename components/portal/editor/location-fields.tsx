"use client";

import type { PerkFormValues } from "@/lib/portal/perk-form";
import { FormTextField, useFieldId } from "./form-fields";

const Text: typeof FormTextField<PerkFormValues> = FormTextField;
const coordinate = { step: "any" };

/**
 * Where the perk happens, as its own boxed group so its title does not read as the label of the
 * first field. GeoPoint follows latitude/longitude on save; placeId is kept as loaded.
 */
export function LocationFields() {
  const hintId = useFieldId("Location-hint");
  return (
    <fieldset
      aria-describedby={hintId}
      className="grid gap-4 rounded-lg border border-slate-200 p-4 sm:col-span-2 sm:grid-cols-2 dark:border-slate-700"
    >
      <legend className="px-1 text-sm font-semibold">Where it happens</legend>
      <p id={hintId} className="-mt-2 text-xs text-slate-600 sm:col-span-2 dark:text-slate-400">
        Optional. An address, map coordinates, or both; leave empty for online or anywhere.
      </p>
      <Text name="Location.address" label="Address" className="sm:col-span-2" />
      <Text name="Location.latitude" label="Latitude" type="number" hint="−90 to 90, such as 48.8566." inputProps={coordinate} />
      <Text name="Location.longitude" label="Longitude" type="number" hint="−180 to 180, such as 2.3522." inputProps={coordinate} />
    </fieldset>
  );
}
