import { z } from "zod";
import { collectionRecordSchema } from "@/lib/schemas/create-request";
import { deleteCollectionQuerySchema, deleteCollectionResponseSchema } from "@/lib/schemas/delete-collection";
import { deletePerkQuerySchema, deletePerkResponseSchema } from "@/lib/schemas/delete-perk";
import { historyEntrySchema, historyQuerySchema, historyResponseSchema } from "@/lib/schemas/history";
import { LIMITS } from "@/lib/schemas/limits";
import { historyEntryExample, historyExample, recordExample } from "../examples";
import {
  rateLimitHeaders,
  json,
  error,
  tooManyRequests,
  idParam,
  badKey,
  idempotencyHeader,
  serverErrors,
  notManager,
  unknownCollection,
} from "../shared";
import type { ZodOpenApiPathsObject } from "zod-openapi";

/** One collection: retrieval, deletes, history. */
export const collectionsPaths = {
  "/api-gateway/collections/{PlatformNFTId}": {
    get: {
      operationId: "getCollection",
      summary: "Read a collection and all its perks",
      description:
        "The answer is exactly what create accepts: change it and send it back (with its `Version`) to edit without losing fields.",
      requestParams: { path: z.object({ PlatformNFTId: idParam("k3JqSuoHKx2VrhiBfpKK") }) },
      responses: {
        "400": error(400, "A query parameter was sent; this route takes none.", "dryRun: unknown query parameter", {
          code: "unknown_field",
        }),
        "200": {
          description: "The collection and its perks.",
          headers: rateLimitHeaders,
          content: json(collectionRecordSchema, recordExample),
        },
        "401": badKey,
        "404": unknownCollection,
        "429": tooManyRequests,
        ...serverErrors,
      },
    },
    delete: {
      operationId: "deleteCollection",
      summary: "Delete a collection and all its perks",
      description:
        "Removes the collection and every perk on it in one transaction; from then on retrieval answers 404 and search no longer finds it. Same key, ownership and rate-limit rules as create (it counts against the create budget). Send the `Version` you last read as `?Version=` to refuse the deletion if someone changed the collection since, and an `Idempotency-Key` to retry safely: a retry with the same key replays the first answer (with `Idempotent-Replayed: true`).",
      requestParams: {
        path: z.object({ PlatformNFTId: idParam("k3JqSuoHKx2VrhiBfpKK") }),
        query: deleteCollectionQuerySchema,
        header: idempotencyHeader,
      },
      responses: {
        "200": {
          description: "Deleted, with its perks.",
          headers: rateLimitHeaders,
          content: json(deleteCollectionResponseSchema, { PlatformNFTId: "k3JqSuoHKx2VrhiBfpKK", DeletedPerks: 3 }),
        },
        "400": error(
          400,
          "`Version` is not a non-negative integer, or the `Idempotency-Key` is malformed.",
          "Version: must be a non-negative integer",
        ),
        "401": badKey,
        "403": error(
          403,
          "The key's owner does not manage that collection; nothing was deleted.",
          'PlatformNFTId: you are not a manager of collection "k3JqSuoHKx2VrhiBfpKK"',
        ),
        "404": error(
          404,
          "No collection has that id (or it was already deleted).",
          'PlatformNFTId: collection "k3JqSuoHKx2VrhiBfpKK" not found',
        ),
        "409": error(
          409,
          "`Version` differs from the stored Version, or a request with the same `Idempotency-Key` is still running; nothing was deleted.",
          "Version: the collection is at version 4, not 3; it was changed by someone else. Read it again and reapply your change.",
          { code: "version_conflict" },
        ),
        "422": error(
          422,
          "The `Idempotency-Key` was already used for a different request; nothing was deleted.",
          "Idempotency-Key: this key was already used with a different request body",
        ),
        "429": tooManyRequests,
        ...serverErrors,
      },
    },
  },
  "/api-gateway/collections/{PlatformNFTId}/perks/{PlatformPerkId}": {
    delete: {
      operationId: "deletePerk",
      summary: "Remove a perk from a collection",
      description:
        "Same key, ownership and rate-limit rules as create (it counts against the create budget). The collection gets a new `Version`; send the one you last read as `?Version=` to refuse the removal if someone changed the collection since, and an `Idempotency-Key` to retry safely (a retry with the same key replays the first answer with `Idempotent-Replayed: true`).",
      requestParams: {
        path: z.object({
          PlatformNFTId: idParam("k3JqSuoHKx2VrhiBfpKK"),
          PlatformPerkId: idParam("Qx9fT2mLr8VbNc4sKd1e"),
        }),
        query: deletePerkQuerySchema,
        header: idempotencyHeader,
      },
      responses: {
        "200": {
          description: "Removed.",
          headers: rateLimitHeaders,
          content: json(deletePerkResponseSchema, {
            PlatformNFTId: "k3JqSuoHKx2VrhiBfpKK",
            PlatformPerkId: "Qx9fT2mLr8VbNc4sKd1e",
            Version: 5,
          }),
        },
        "400": error(
          400,
          "`Version` is not a non-negative integer, or another query parameter is sent.",
          "Version: must be a non-negative integer",
        ),
        "401": badKey,
        "403": error(
          403,
          "The key's owner does not manage that collection; nothing was removed.",
          'PlatformNFTId: you are not a manager of collection "k3JqSuoHKx2VrhiBfpKK"',
        ),
        "404": error(
          404,
          "The collection does not exist, or has no perk with that id.",
          'PlatformPerkId: perk "Qx9fT2mLr8VbNc4sKd1e" not found in collection "k3JqSuoHKx2VrhiBfpKK"',
        ),
        "409": error(
          409,
          "`Version` differs from the stored Version; nothing was removed.",
          "Version: the collection is at version 4, not 3; it was changed by someone else. Read it again and reapply your change.",
          { code: "version_conflict" },
        ),
        "429": tooManyRequests,
        ...serverErrors,
      },
    },
  },
  "/api-gateway/collections/{PlatformNFTId}/history": {
    get: {
      operationId: "getCollectionHistory",
      summary: "Read a collection's change history",
      description: `Every create, edit and delete of the collection and its perks, newest first, 20 a page: who (the account, and the API key or the portal session), when, and per collection or perk what changed, field by field (\`From\` absent: the field was unassigned; \`To\` absent: it became unassigned). A page carries at most ${LIMITS.historyPageChangesBytes} bytes of changes: an entry past that budget lists only \`ChangesBytes\`, and no entry carries the collection as it was after it; \`GET …/history/{Id}\` answers one entry whole, with its \`State\`. Only for keys of an account that manages the collection: anyone else gets the same 403 or 404 as an edit would.`,
      requestParams: { path: z.object({ PlatformNFTId: idParam("k3JqSuoHKx2VrhiBfpKK") }), query: historyQuerySchema },
      responses: {
        "200": { description: "One page of entries.", headers: rateLimitHeaders, content: json(historyResponseSchema, historyExample) },
        "400": error(
          400,
          "`pageNum` is not a positive integer, or another query parameter is sent.",
          "pageNum: must be a positive integer below 1,000,000,000",
        ),
        "401": badKey,
        "403": notManager,
        "404": unknownCollection,
        "429": tooManyRequests,
        ...serverErrors,
      },
    },
  },
  "/api-gateway/collections/{PlatformNFTId}/history/{Id}": {
    get: {
      operationId: "getCollectionHistoryEntry",
      summary: "Read one history entry whole",
      description:
        "One entry of the collection's history with all its changes and the collection's partner fields and perks as they were after it (`State`, null after a deletion): what a history page leaves out. The same 403 and 404 as the history.",
      requestParams: {
        path: z.object({ PlatformNFTId: idParam("k3JqSuoHKx2VrhiBfpKK"), Id: z.string().meta({ example: "2" }) }),
      },
      responses: {
        "200": { description: "The entry.", headers: rateLimitHeaders, content: json(historyEntrySchema, historyEntryExample) },
        "401": badKey,
        "403": notManager,
        "404": error(
          404,
          "No collection has that id, or its history no entry with that `Id`.",
          'Id: history entry 9 of collection "k3JqSuoHKx2VrhiBfpKK" not found',
        ),
        "429": tooManyRequests,
        ...serverErrors,
      },
    },
  },
} satisfies ZodOpenApiPathsObject;
