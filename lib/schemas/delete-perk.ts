import { z } from "zod";

/** Query of DELETE …/perks/{PlatformPerkId}: `Version`, when sent, is a precondition as on edit. */
export const deletePerkQuerySchema = z.strictObject({
  Version: z
    .string()
    .regex(/^\d{1,15}$/, { error: "must be a non-negative integer" })
    .transform(Number)
    .optional()
    .meta({ description: "The collection's Version you last read; a different stored Version is a 409." }),
});

/** The answer of a perk removal: which perk went, and the collection's new Version. */
export const deletePerkResponseSchema = z
  .object({
    PlatformNFTId: z.string(),
    PlatformPerkId: z.string(),
    Version: z.number().int().meta({ description: "The collection's Version after the removal." }),
  })
  .meta({ id: "DeletedPerk" });
export type DeletedPerk = z.output<typeof deletePerkResponseSchema>;
