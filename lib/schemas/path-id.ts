import { z } from "zod";
import { LIMITS } from "./limits";

/**
 * An id taken from a URL path. No stored id is longer than the documented limit or holds U+0000
 * (PostgreSQL refuses it as a parameter), so such an id is unknown without asking the database.
 */
export const pathIdSchema = z
  .string()
  .min(1)
  .max(LIMITS.id)
  .refine((id) => !id.includes("\u0000"));

export const isPossibleId = (id: string) => pathIdSchema.safeParse(id).success;

/** `{id}`: a collection, or an API key. */
export const idPathSchema = z.object({ id: pathIdSchema });
/** `{id}/perks/{perkId}`. */
export const perkPathSchema = z.object({ id: pathIdSchema, perkId: pathIdSchema });
/** `{id}/history/{entryId}`: a history entry's `Id`, a positive whole number. */
export const historyEntryPathSchema = z.object({
  id: pathIdSchema,
  entryId: z
    .string()
    .regex(/^[1-9]\d{0,15}$/)
    .transform(Number),
});
