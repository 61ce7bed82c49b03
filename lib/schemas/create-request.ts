import { z } from "zod";
import { collectionDocSchema, collectionInputSchema } from "./collection";
import { LIMITS } from "./limits";
import { perkDocSchema, perkInputSchema } from "./perk";

/** Body of POST /api-gateway/create. */
export const createRequestSchema = z
  .strictObject(
    {
      nftData: collectionInputSchema.optional(),
      // The bound is the array's first check, so zod refuses an over-long array before reading its
      // items (one issue, not one per item); a check placed before it would undo that.
      perkData: z
        .array(perkInputSchema, { error: "expected an array of perks" })
        .max(LIMITS.perksPerRequest, { error: `at most ${LIMITS.perksPerRequest} perks per request` })
        .optional(),
    },
    { error: "expected a JSON object" },
  )
  .refine((body) => body.nftData !== undefined || (body.perkData?.length ?? 0) > 0, {
    error: "nftData or a non-empty perkData is required",
  })
  .meta({ id: "CreateRequest" });

export type CreateRequest = z.output<typeof createRequestSchema>;
export type CreateRequestInput = z.input<typeof createRequestSchema>;

/** GET /api-gateway/collections/{id}: exactly the shape create accepts. */
export const collectionRecordSchema = z
  .object({ nftData: collectionDocSchema, perkData: z.array(perkDocSchema) })
  .meta({ id: "CollectionRecord" });
export type CollectionRecord = z.output<typeof collectionRecordSchema>;

export const GATEWAY_STATUS = "The gateway is under construction; the data was sent correctly.";

/** The answer of create: what was sent, with the assigned ids and the new Version filled in. */
export const createResponseSchema = z
  .object({
    nftData: collectionInputSchema.extend({ PlatformNFTId: z.string(), Version: z.number().int() }).optional(),
    perkData: z.array(perkInputSchema.extend({ PlatformNFTId: z.string(), PlatformPerkId: z.string() })).optional(),
    GatewayStatus: z.literal(GATEWAY_STATUS),
  })
  .meta({ id: "CreateResponse" });
