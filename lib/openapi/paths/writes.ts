import { z } from "zod";
import { createRequestSchema, createResponseSchema } from "@/lib/schemas/create-request";
import { dryRunResponseSchema, saveQuerySchema } from "@/lib/schemas/history";
import { LIMITS } from "@/lib/schemas/limits";
import { addPerksExample, createExample, createResponseExample, editExample, dryRunExample } from "../examples";
import { rateLimitHeaders, error, tooManyRequests, badKey, idempotencyHeader, serverErrors } from "../shared";
import type { ZodOpenApiPathsObject } from "zod-openapi";

/** The write: create, edit and add perks. */
export const writesPaths = {
  "/api-gateway/create": {
    post: {
      operationId: "createOrEdit",
      summary: "Create or edit a collection and its perks",
      description: `No \`nftData.PlatformNFTId\`: a new collection, managed by the key's owner. With it: the collection is **replaced whole** (fields left out are removed); \`Version\`, when sent, must equal the stored one. \`perkData\` alone, each perk with an existing \`PlatformNFTId\`: the perks are added. A perk with both ids is replaced whole. One request is one transaction. Send an \`Idempotency-Key\` to retry safely: a retry with the same key and body within 24 hours replays the first answer (with \`Idempotent-Replayed: true\`) and stores nothing new. Body at most ${LIMITS.bodyBytes} bytes, at most ${LIMITS.perksPerRequest} perks a request; a collection holds at most ${LIMITS.perksPerCollection} perks and a record (as retrieval returns it) of at most ${LIMITS.recordBytes} bytes, beyond either a 400 stores nothing. A perk may carry the collection's \`Version\` as you read it: a precondition, as \`nftData.Version\` is. Server-managed fields (\`Managers\`, \`Perks\`, \`path\`, …) sent back as read are accepted and ignored, and left out of the echo. With \`?dryRun=1\` (or \`true\`) nothing is stored: every check runs as for a real write and fails with the same errors, and the answer is a \`DryRunResult\`: the echo the write would give (its ids are not reserved), and per collection the fields that would change and the fields holding a value that the edit would leave unassigned. No history entry, Version, search change or Idempotency-Key record results from it.`,
      requestParams: { header: idempotencyHeader, query: saveQuerySchema },
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
        "200": {
          description:
            "Stored: the echo of what was sent, with assigned ids and the new Version. With `?dryRun=1`: a `DryRunResult`, and nothing stored.",
          headers: rateLimitHeaders,
          content: {
            "application/json": {
              schema: z.union([createResponseSchema, dryRunResponseSchema]),
              examples: { stored: { value: createResponseExample }, dryRun: { value: dryRunExample } },
            },
          },
        },
        "400": error(
          400,
          "The body is not JSON (`Can't Unmarshal Body`); a field is missing, mistyped, out of range or unknown, or holds a lone UTF-16 surrogate; the collection would pass 250 perks or 1 MiB; `dryRun` is not 1, true, 0 or false; or a query parameter is unknown.",
          "nftData.Website: must be an absolute http:// or https:// URL",
        ),
        "401": badKey,
        "403": error(
          403,
          "The key's owner does not manage that collection; nothing was stored.",
          'nftData.PlatformNFTId: you are not a manager of collection "k3JqSuoHKx2VrhiBfpKK"',
        ),
        "404": error(
          404,
          "A PlatformNFTId or PlatformPerkId does not exist (or the perk belongs to another collection); nothing was stored.",
          'nftData.PlatformNFTId: collection "k3JqSuoHKx2VrhiBfpKK" not found',
        ),
        "409": error(
          409,
          "`nftData.Version` (or a perk's `Version`) differs from the stored Version (someone else changed the collection), or a request with the same `Idempotency-Key` is still running; nothing was stored.",
          "nftData.Version: the collection is at version 4, not 3; it was changed by someone else. Read it again and reapply your change.",
          { code: "version_conflict" },
        ),
        "413": error(
          413,
          `The body is larger than ${LIMITS.bodyBytes} bytes.`,
          `body: larger than the limit of ${LIMITS.bodyBytes} bytes`,
          { field: null },
        ),
        "415": error(
          415,
          "A `Content-Encoding` other than identity; send the body uncompressed.",
          'Content-Encoding: "gzip" is not supported; send the body uncompressed',
        ),
        "422": error(
          422,
          "The `Idempotency-Key` was already used with a different body; nothing was stored.",
          "Idempotency-Key: this key was already used with a different request body",
        ),
        "429": tooManyRequests,
        ...serverErrors,
      },
    },
  },
} satisfies ZodOpenApiPathsObject;
