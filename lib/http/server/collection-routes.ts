import "server-only";
import type { z } from "zod";
import { deleteCollection } from "@/lib/collections/delete-collection";
import { deletePerk } from "@/lib/collections/delete-perk";
import { applyCreateRequest } from "@/lib/collections/write";
import { createRequestSchema } from "@/lib/schemas/create-request";
import { deleteCollectionQuerySchema } from "@/lib/schemas/delete-collection";
import { LIMITS } from "@/lib/schemas/limits";
import { idPathSchema, perkPathSchema } from "@/lib/schemas/path-id";
import { defineRoute, queryOf } from "./route";

/*
 * The writes the API and the portal share: the same request shapes, rules, body limit and
 * Idempotency-Key handling, whether a key or a session authenticates them.
 */
type Writer = "key" | "session";

/** Create and edit: POST /api-gateway/create, and the portal's save. */
export const saveCollectionRoute = (auth: Writer) =>
  defineRoute(
    // One valid collection (100 property names and values of 500 characters) is past the portal's 64 KB.
    { auth, budget: "write", body: { schema: createRequestSchema, maxBytes: LIMITS.bodyBytes }, idempotent: true },
    ({ account, body, rawBody, storeAnswer }) => applyCreateRequest(account.userId, body, rawBody as Record<string, unknown>, storeAnswer),
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
    deleteCollection(account.userId, params.id, query.Version, storeAnswer),
  );

export const deletePerkRoute = (auth: Writer) =>
  defineRoute(deletion(auth, perkPathSchema), ({ account, params, query, storeAnswer }) =>
    deletePerk(account.userId, params.id, params.perkId, query.Version, storeAnswer),
  );
