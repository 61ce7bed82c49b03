import { z } from "zod";
import { deletePerkQuerySchema } from "./delete-perk";

/** Query of DELETE /collections/{PlatformNFTId}: the same optional `Version` precondition as a perk removal. */
export const deleteCollectionQuerySchema = deletePerkQuerySchema;

/** The answer of a collection deletion: which collection went, and how many perks with it. */
export const deleteCollectionResponseSchema = z
  .object({
    PlatformNFTId: z.string(),
    DeletedPerks: z.number().int().meta({ description: "How many perks were deleted with the collection." }),
  })
  .meta({ id: "DeletedCollection" });
export type DeletedCollection = z.output<typeof deleteCollectionResponseSchema>;
