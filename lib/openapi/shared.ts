/** The pieces every path of the API document uses: errors, budgets, ids, idempotency. */
import { z } from "zod";
import { type ZodOpenApiResponseObject } from "zod-openapi";
import { apiErrorSchema } from "@/lib/schemas/api-error";
import { errorBody, type ErrorDetail } from "@/lib/errors";
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_KEY_PATTERN } from "@/lib/idempotency/constants";
import { LIMITS } from "@/lib/schemas/limits";

export const errorSchema = apiErrorSchema.meta({ id: "Error", description: "Every error answer." });

export const rateLimitHeaders = z.object({
  "RateLimit-Limit": z.string().meta({ description: "Requests allowed per minute in this route's budget.", example: "120" }),
  "RateLimit-Remaining": z.string().meta({ description: "Requests left in the current window.", example: "119" }),
  "RateLimit-Reset": z.string().meta({ description: "Seconds until the window resets.", example: "60" }),
});

export const json = (schema: z.ZodType, example: unknown) => ({ "application/json": { schema, example } });

/** An error answer of `status`; its example carries the code and field the server gives that message. */
export const error = (status: number, description: string, example: string, detail?: ErrorDetail): ZodOpenApiResponseObject => ({
  description,
  headers: rateLimitHeaders,
  content: json(errorSchema, errorBody(status, example, detail)),
});

/** The answers of a route that names a collection by id: one the key's team does not manage, one that does not exist. */
export const notManager = error(
  403,
  "The key's owner does not manage that collection.",
  'PlatformNFTId: you are not a manager of collection "k3JqSuoHKx2VrhiBfpKK"',
);
export const unknownCollection = error(404, "No collection has that id.", 'PlatformNFTId: collection "k3JqSuoHKx2VrhiBfpKK" not found');

export const tooManyRequests: ZodOpenApiResponseObject = {
  description: "The key's (or, without a valid key, the client address's) budget is used up.",
  headers: rateLimitHeaders.extend({
    "Retry-After": z.string().meta({ description: "Seconds to wait before retrying.", example: "42" }),
  }),
  content: json(errorSchema, errorBody(429, "Too Many Requests")),
};

/** Answers any operation can give: a fault, or a database that cannot be reached. */
export const serverErrors: Record<"500" | "503", ZodOpenApiResponseObject> = {
  "500": {
    description: "An unexpected fault; the details stay in the server log.",
    content: json(errorSchema, errorBody(500, "Internal Server Error")),
  },
  "503": {
    description:
      "The database (or, for the verification routes, the chain's RPC) cannot be reached right now; nothing was stored. Retry after `Retry-After` seconds.",
    headers: z.object({ "Retry-After": z.string().meta({ description: "Seconds to wait before retrying.", example: "5" }) }),
    content: json(errorSchema, errorBody(503, "Service Unavailable")),
  },
};

/** Ids the service assigns are 20 characters; a longer one can name nothing and is a 404. */
export const idParam = (example: string) =>
  z
    .string()
    .max(LIMITS.id)
    .meta({ description: `At most ${LIMITS.id} characters; a longer id is unknown (404).`, example });

export const badKey: ZodOpenApiResponseObject = {
  ...error(
    401,
    "The `Authorization: Bearer <key>` header (scheme in any case) is missing, malformed, or names an unknown or revoked key.",
    "Bad API Key",
  ),
  headers: rateLimitHeaders.extend({ "WWW-Authenticate": z.string().meta({ description: "How to authenticate.", example: "Bearer" }) }),
};

export const idempotencyHeader = z.object({
  [IDEMPOTENCY_HEADER]: z.string().min(1).max(IDEMPOTENCY_KEY_MAX).regex(IDEMPOTENCY_KEY_PATTERN).optional().meta({
    description:
      "1 to 255 visible ASCII characters, unique per intended change (a UUID). Kept 24 hours per account; bound to the request's exact bytes.",
    example: "5b0c6f8e-3f7a-4d0e-9a51-8f1a0c2d7e44",
  }),
});
