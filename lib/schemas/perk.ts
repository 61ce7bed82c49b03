import { z } from "zod";
import { categorySchema } from "./categories";
import { boundedText, idField, requiredText, urlField } from "./fields";
import { LIMITS } from "./limits";

export const PERK_STATUSES = ["Upcoming", "Past"] as const;

const integer = (min: number, max: number) =>
  z
    .number({ error: "expected an integer" })
    .int({ error: "expected an integer" })
    .min(min, { error: `must be between ${min} and ${max}` })
    .max(max, { error: `must be between ${min} and ${max}` });

const coordinate = (min: number, max: number) =>
  z
    .number({ error: "expected a number" })
    .min(min, { error: `must be between ${min} and ${max}` })
    .max(max, { error: `must be between ${min} and ${max}` });

export const perkDateSchema = z.union(
  [
    z.literal(""),
    z.strictObject({
      dt: z.strictObject({
        seconds: integer(-62_135_596_800, 253_402_300_799),
        nanoseconds: integer(0, 999_999_999),
      }),
      timeSet: z.boolean({ error: "expected true or false" }),
    }),
  ],
  { error: 'expected "" or {"dt":{"seconds":…,"nanoseconds":…},"timeSet":…}' },
);

export const perkLocationSchema = z.strictObject({
  GeoPoint: z.strictObject({ _lat: coordinate(-90, 90), _long: coordinate(-180, 180) }).optional(),
  address: boundedText(LIMITS.text).optional(),
  latitude: coordinate(-90, 90).optional(),
  longitude: coordinate(-180, 180).optional(),
  placeId: boundedText(LIMITS.text).optional(),
});

/** Fields a partner owns on a perk: stored as sent, replaced whole on every edit. */
export const perkFieldsSchema = z.object({
  ShortDescription: requiredText(LIMITS.description),
  Tags: z
    .array(categorySchema, { error: "expected an array of categories" })
    .min(1, { error: "at least one category is required" })
    .max(18, { error: "at most 18 categories" })
    .superRefine((tags, ctx) => {
      tags.forEach((tag, index) => {
        if (tags.indexOf(tag) !== index) {
          ctx.addIssue({ code: "custom", path: [index], message: `duplicate category ${JSON.stringify(tag)}` });
        }
      });
    }),
  LongDescription: boundedText(LIMITS.description).optional(),
  Site: urlField.optional(),
  Status: z.enum(PERK_STATUSES, { error: `must be one of ${PERK_STATUSES.join(", ")}` }).optional(),
  OneTime: z.boolean({ error: "expected true or false" }).optional(),
  TokensRequired: integer(0, LIMITS.tokensRequired).optional(),
  Date: perkDateSchema.optional(),
  Location: perkLocationSchema.optional(),
});

/** An element of `perkData` in a create/edit request. */
export const perkInputSchema = z.strictObject({
  PlatformNFTId: idField.optional(),
  PlatformPerkId: idField.optional(),
  Version: z
    .number({ error: "expected an integer" })
    .int({ error: "expected an integer" })
    .min(0, { error: "must be 0 or more" })
    .max(Number.MAX_SAFE_INTEGER)
    .optional()
    .meta({
      description:
        "The collection's `Version` as you last read it. When sent on a perk of an existing collection, a different stored Version is a 409 and nothing changes, exactly as `nftData.Version`.",
    }),
  ...perkFieldsSchema.shape,
});

export type PerkFields = z.output<typeof perkFieldsSchema>;
export type PerkInput = z.input<typeof perkInputSchema>;
export type PerkDate = z.output<typeof perkDateSchema>;
export type PerkStatus = (typeof PERK_STATUSES)[number];
/** A stored perk as the service returns it. */
export const perkDocSchema = perkFieldsSchema.extend({ PlatformNFTId: z.string(), PlatformPerkId: z.string() }).meta({ id: "Perk" });

export type PerkDoc = z.output<typeof perkDocSchema>;

export const PERK_FIELD_KEYS = Object.keys(perkFieldsSchema.shape) as (keyof PerkFields)[];
