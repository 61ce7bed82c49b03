"use client";

import type { PerkFormValues } from "@/lib/portal/perk-form";
import { TextField } from "./field";

const Text: typeof TextField<PerkFormValues> = TextField;
const coordinate = { step: "any" };

/** Where the perk happens. GeoPoint follows latitude/longitude on save; placeId is kept as loaded. */
export function LocationFields() {
  return (
    <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
      <legend className="text-sm font-medium">Location</legend>
      <Text name="Location.address" label="Address" className="sm:col-span-2" />
      <Text name="Location.latitude" label="Latitude" type="number" hint="−90 to 90" inputProps={coordinate} />
      <Text name="Location.longitude" label="Longitude" type="number" hint="−180 to 180" inputProps={coordinate} />
    </fieldset>
  );
}
