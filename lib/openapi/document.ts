import { z } from "zod";
import { createDocument, type ZodOpenApiResponseObject } from "zod-openapi";
import { apiErrorSchema } from "@/lib/schemas/api-error";
import { CATEGORIES } from "@/lib/schemas/categories";
import { collectionRecordSchema, createRequestSchema, createResponseSchema } from "@/lib/schemas/create-request";
import { deletePerkQuerySchema, deletePerkResponseSchema } from "@/lib/schemas/delete-perk";
import { IDEMPOTENCY_HEADER } from "@/lib/idempotency/constants";
import { LIMITS } from "@/lib/schemas/fields";
import { searchParamsSchema, searchResponseSchema } from "@/lib/schemas/search-params";
import { addPerksExample, createExample, createResponseExample, editExample, recordExample, searchExample } from "./examples";

const errorSchema = apiErrorSchema.meta({ id: "Error", description: "Every error answer." });

const rateLimitHeaders = z.object({
  "RateLimit-Limit": z.string().meta({ description: "Requests allowed per minute in this route's budget.", example: "120" }),
  "RateLimit-Remaining": z.string().meta({ description: "Requests left in the current window.", example: "119" }),
  "RateLimit-Reset": z.string().meta({ description: "Seconds until the window resets.", example: "60" }),
});

const json = (schema: z.ZodType, example: unknown) => ({ "application/json": { schema, example } });

const error = (description: string, example: string): ZodOpenApiResponseObject => ({
  description,
  headers: rateLimitHeaders,
  content: json(errorSchema, { error: example }),
});

const tooManyRequests: ZodOpenApiResponseObject = {
  description: "The key's (or, without a valid key, the client address's) budget is used up.",
  headers: rateLimitHeaders.extend({
    "Retry-After": z.string().meta({ description: "Seconds to wait before retrying.", example: "42" }),
  }),
  content: json(errorSchema, { error: "Too Many Requests" }),
};

const badKey = error("The `Authorization: Bearer <key>` header is missing, malformed, or names an unknown or revoked key.", "Bad API Key");

const DESCRIPTION = `Partners publish NFT collections and the perks their holders get; callers search them.

Every route under \`/api-gateway\` needs \`Authorization: Bearer <key>\` (keys are minted with \`npm run keys:create -- <email>\`).
Every answer carries \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\`; budgets are per key, per minute.
Every error is \`{"error": "<message>"}\`, and validation messages name the field path, e.g. \`perkData[2].Tags[0]: unknown category "Cooking"\`.
A database that cannot be reached answers 503 with \`Retry-After\`; anything unexpected is a 500 with no detail.`;

function buildDocument() {
  return createDocument({
    openapi: "3.1.0",
    info: { title: "Utility Data Service API", version: "1.0.0", description: DESCRIPTION },
    security: [{ bearerAuth: [] }],
    components: {
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", description: "An API key: `uds_` followed by 40 letters and digits." },
      },
    },
    paths: {
      "/api-gateway/create": {
        post: {
          operationId: "createOrEdit",
          summary: "Create or edit a collection and its perks",
          description: `No \`nftData.PlatformNFTId\`: a new collection, managed by the key's owner. With it: the collection is **replaced whole** (fields left out are removed); \`Version\`, when sent, must equal the stored one. \`perkData\` alone, each perk with an existing \`PlatformNFTId\`: the perks are added. A perk with both ids is replaced whole. One request is one transaction. Send an \`Idempotency-Key\` to retry safely: a retry with the same key and body within 24 hours replays the first answer (with \`Idempotent-Replayed: true\`) and stores nothing new. Body at most ${LIMITS.bodyBytes} bytes, at most ${LIMITS.perksPerRequest} perks.`,
          requestParams: {
            header: z.object({
              [IDEMPOTENCY_HEADER]: z
                .string()
                .optional()
                .meta({ description: "1 to 255 visible ASCII characters, unique per intended change (a UUID). Kept 24 hours per account.", example: "5b0c6f8e-3f7a-4d0e-9a51-8f1a0c2d7e44" }),
            }),
          },
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: createRequestSchema,
                examples: {
                  create: { summary: "A new collection with one perk", value: createExample },
                  edit: { summary: "Edit a collection and one of its perks", value: editExample },
                  addPerks: { summary: "Add a perk to an existing collection", value: addPerksExample },
                },
              },
            },
          },
          responses: {
            "200": { description: "Stored. The echo of what was sent, with assigned ids and the new Version.", headers: rateLimitHeaders, content: json(createResponseSchema, createResponseExample) },
            "400": error("The body is not JSON (`Can't Unmarshal Body`), or a field is missing, mistyped, out of range or unknown.", "nftData.Website: must be an absolute http:// or https:// URL"),
            "401": badKey,
            "403": error("The key's owner does not manage that collection; nothing was stored.", 'nftData.PlatformNFTId: you are not a manager of collection "k3JqSuoHKx2VrhiBfpKK"'),
            "404": error("A PlatformNFTId or PlatformPerkId does not exist (or the perk belongs to another collection); nothing was stored.", 'nftData.PlatformNFTId: collection "k3JqSuoHKx2VrhiBfpKK" not found'),
            "409": error("`nftData.Version` differs from the stored Version (someone else changed the collection), or a request with the same `Idempotency-Key` is still running; nothing was stored.", "nftData.Version: the collection is at version 4, not 3; it was changed by someone else. Read it again and reapply your change."),
            "413": error(`The body is larger than ${LIMITS.bodyBytes} bytes.`, `body: larger than the limit of ${LIMITS.bodyBytes} bytes`),
            "422": error("The `Idempotency-Key` was already used with a different body; nothing was stored.", "Idempotency-Key: this key was already used with a different request body"),
            "429": tooManyRequests,
          },
        },
      },
      "/api-gateway/search": {
        get: {
          operationId: "search",
          summary: "Search collections by text and perk category",
          description: `\`query\` matches title, description, creator and perk text; every word must match, as a prefix. Title matches come first. \`category\` is one of: ${CATEGORIES.join(", ")}. Without \`query\`, the most recently modified come first. 20 a page; a page past the last answers \`Docs: []\`.`,
          requestParams: { query: searchParamsSchema },
          responses: {
            "200": { description: "One page of results.", headers: rateLimitHeaders, content: json(searchResponseSchema, searchExample) },
            "400": error("`pageNum` is not a positive integer, `category` is unknown, or `query` is too long.", "pageNum: must be a positive integer below 1,000,000,000"),
            "401": badKey,
            "429": tooManyRequests,
          },
        },
      },
      "/api-gateway/collections/{PlatformNFTId}": {
        get: {
          operationId: "getCollection",
          summary: "Read a collection and all its perks",
          description: "The answer is exactly what create accepts: change it and send it back (with its `Version`) to edit without losing fields.",
          requestParams: { path: z.object({ PlatformNFTId: z.string().meta({ example: "k3JqSuoHKx2VrhiBfpKK" }) }) },
          responses: {
            "200": { description: "The collection and its perks.", headers: rateLimitHeaders, content: json(collectionRecordSchema, recordExample) },
            "401": badKey,
            "404": error("No collection has that id.", 'PlatformNFTId: collection "k3JqSuoHKx2VrhiBfpKK" not found'),
            "429": tooManyRequests,
          },
        },
      },
      "/api-gateway/collections/{PlatformNFTId}/perks/{PlatformPerkId}": {
        delete: {
          operationId: "deletePerk",
          summary: "Remove a perk from a collection",
          description: "Same key, ownership and rate-limit rules as create (it counts against the create budget). The collection gets a new `Version`; send the one you last read as `?Version=` to refuse the removal if someone changed the collection since.",
          requestParams: {
            path: z.object({
              PlatformNFTId: z.string().meta({ example: "k3JqSuoHKx2VrhiBfpKK" }),
              PlatformPerkId: z.string().meta({ example: "Qx9fT2mLr8VbNc4sKd1e" }),
            }),
            query: deletePerkQuerySchema,
          },
          responses: {
            "200": {
              description: "Removed.",
              headers: rateLimitHeaders,
              content: json(deletePerkResponseSchema, { PlatformNFTId: "k3JqSuoHKx2VrhiBfpKK", PlatformPerkId: "Qx9fT2mLr8VbNc4sKd1e", Version: 5 }),
            },
            "400": error("`Version` is not a non-negative integer.", "Version: must be a non-negative integer"),
            "401": badKey,
            "403": error("The key's owner does not manage that collection; nothing was removed.", 'PlatformNFTId: you are not a manager of collection "k3JqSuoHKx2VrhiBfpKK"'),
            "404": error("The collection does not exist, or has no perk with that id.", 'PlatformPerkId: perk "Qx9fT2mLr8VbNc4sKd1e" not found in collection "k3JqSuoHKx2VrhiBfpKK"'),
            "409": error("`Version` differs from the stored Version; nothing was removed.", "Version: the collection is at version 4, not 3; it was changed by someone else. Read it again and reapply your change."),
            "429": tooManyRequests,
          },
        },
      },
      "/api-gateway/openapi.json": {
        get: {
          operationId: "getOpenApiDocument",
          summary: "This document",
          security: [],
          responses: {
            "200": { description: "The OpenAPI 3.1 document.", content: { "application/json": { schema: { type: "object" } } } },
          },
        },
      },
    },
  });
}

let built: ReturnType<typeof buildDocument> | undefined;

/**
 * The OpenAPI 3.1 document of the API, generated from the schemas the route handlers validate
 * with. It depends only on the code, so it is built once per process (the docs page renders per
 * request for its CSP nonce). Callers must not mutate it.
 */
export function apiDocument() {
  built ??= buildDocument();
  return built;
}

export type ApiDocument = ReturnType<typeof apiDocument>;
