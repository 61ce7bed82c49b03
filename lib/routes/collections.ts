import "server-only";
import type { z } from "zod";
import { deleteCollection } from "@/lib/collections/delete-collection";
import { deletePerk } from "@/lib/collections/delete-perk";
import { applyCreateRequest } from "@/lib/collections/write";
import { previewCreateRequest } from "@/lib/collections/preview";
import { createRequestSchema } from "@/lib/schemas/create-request";
import { deleteCollectionQuerySchema } from "@/lib/schemas/delete-collection";
import { saveQuerySchema } from "@/lib/schemas/history";
import { LIMITS } from "@/lib/schemas/limits";
import { idPathSchema, perkPathSchema } from "@/lib/schemas/path-id";
import { defineRoute, queryOf } from "./route";

/*
 * The writes the API and the portal share: the same request shapes, rules, body limit and
 * Idempotency-Key handling, whether a key or a session authenticates them.
 */
type Writer = "key" | "session";

/** Create and edit: POST /api-gateway/create, and the portal's save; `?dryRun=1` previews without storing. */
export const saveCollectionRoute = (auth: Writer) =>
  defineRoute(
    {
      auth,
      budget: "write",
      query: queryOf(saveQuerySchema),
      // One valid collection (100 property names and values of 500 characters) is past the portal's 64 KB.
      body: { schema: createRequestSchema, maxBytes: LIMITS.bodyBytes },
      idempotent: true,
      preview: (query) => query.dryRun === true,
    },
    ({ account, query, body, rawBody, storeAnswer }) =>
      query.dryRun
        ? previewCreateRequest(account, body, rawBody as Record<string, unknown>)
        : applyCreateRequest(account, body, rawBody as Record<string, unknown>, storeAnswer),
  );

/**
 * Both deletes: the write budget, the optional `?Version=` precondition, once per Idempotency-Key;
 * an id that cannot exist is an unknown collection, quoted as JSON since it may hold U+0000.
 */
const deletion = <P>(auth: Writer, schema: z.ZodType<P>) => ({
  auth,
  budget: "write" as const,
  params: { schema, unknown: ({ id }: Record<string, string>) => `PlatformNFTId: collection ${JSON.stringify(id)} not found` },
  query: queryOf(deleteCollectionQuerySchema),
  idempotent: true as const,
});

export const deleteCollectionRoute = (auth: Writer) =>
  defineRoute(deletion(auth, idPathSchema), ({ account, params, query, storeAnswer }) =>
    deleteCollection(account, params.id, query.Version, storeAnswer),
  );

export const deletePerkRoute = (auth: Writer) =>
  defineRoute(deletion(auth, perkPathSchema), ({ account, params, query, storeAnswer }) =>
    deletePerk(account, params.id, params.perkId, query.Version, storeAnswer),
  );
