import { z } from "zod";
import { collectionInputSchema, type CollectionDoc } from "./collection";
import { LIMITS } from "./fields";
import { perkInputSchema, type PerkDoc } from "./perk";

/** Body of POST /api-gateway/create. */
export const createRequestSchema = z
  .strictObject({
    nftData: collectionInputSchema.optional(),
    perkData: z
      .array(perkInputSchema, { error: "expected an array of perks" })
      .max(LIMITS.perksPerRequest, { error: `at most ${LIMITS.perksPerRequest} perks per request` })
      .optional(),
  }, { error: "expected a JSON object" })
  .refine((body) => body.nftData !== undefined || (body.perkData?.length ?? 0) > 0, {
    error: "nftData or a non-empty perkData is required",
  });

export type CreateRequest = z.output<typeof createRequestSchema>;
export type CreateRequestInput = z.input<typeof createRequestSchema>;

/** GET /api-gateway/collections/{id}: exactly the shape create accepts. */
export type CollectionRecord = { nftData: CollectionDoc; perkData: PerkDoc[] };

export const GATEWAY_STATUS =
  "The gateway is under construction; the data was sent correctly.";
