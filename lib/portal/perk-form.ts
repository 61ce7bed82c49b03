import type { z } from "zod";
import { pickKnown } from "@/lib/pick-known";
import { PERK_FIELD_KEYS, type PerkInput, type perkFieldsSchema, type perkLocationSchema } from "@/lib/schemas/perk";

/** The perk form edits exactly the partner-owned fields of a perk; its values are the API's. */
export type PerkFormValues = z.input<typeof perkFieldsSchema>;
export type PerkFormOutput = z.output<typeof perkFieldsSchema>;
type Location = z.output<typeof perkLocationSchema>;

const perkFields = pickKnown<PerkFormValues>(PERK_FIELD_KEYS);
const perkOutput = pickKnown<PerkFormOutput>(PERK_FIELD_KEYS);

export const EMPTY_PERK: PerkFormValues = { ShortDescription: "", Tags: [], Date: "" };

/**
 * The form's starting values from a stored perk. A location stored with only a GeoPoint shows
 * its coordinates in the latitude and longitude fields, so saving does not drop them.
 */
export function perkFormValues(perk: Record<string, unknown> | undefined): PerkFormValues {
  if (!perk) return { ...EMPTY_PERK, Tags: [] };
  // A copy, so editing the form never changes the cached record it started from.
  const values = structuredClone(perkFields(perk));
  const location = values.Location as Location | undefined;
  if (location?.GeoPoint) {
    location.latitude ??= location.GeoPoint._lat;
    location.longitude ??= location.GeoPoint._long;
  }
  return { ...EMPTY_PERK, ...values };
}

/**
 * The location to store: GeoPoint always matches latitude/longitude (it is derived from them),
 * placeId is kept as loaded, and a location with nothing in it is left out.
 */
export function locationInStep(location: Location | undefined): Location | undefined {
  if (!location) return undefined;
  const { latitude, longitude, address, placeId } = location;
  const result: Location = {};
  if (address !== undefined) result.address = address;
  if (latitude !== undefined) result.latitude = latitude;
  if (longitude !== undefined) result.longitude = longitude;
  if (latitude !== undefined && longitude !== undefined) result.GeoPoint = { _lat: latitude, _long: longitude };
  if (placeId !== undefined) result.placeId = placeId;
  return Object.keys(result).length > 0 ? result : undefined;
}

/** The complete perk to save: every field (left out = cleared) and the ids that say which perk. */
export function perkPayload(fields: PerkFormOutput, ids: { PlatformNFTId: string; PlatformPerkId?: string }): PerkInput {
  const payload: Record<string, unknown> = { PlatformNFTId: ids.PlatformNFTId };
  if (ids.PlatformPerkId) payload.PlatformPerkId = ids.PlatformPerkId;
  return { ...payload, ...perkOutput({ ...fields, Location: locationInStep(fields.Location) }) } as PerkInput;
}
