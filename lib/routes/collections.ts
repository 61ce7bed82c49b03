import "server-only";
import type { z } from "zod";
import { getPublicPerk } from "@/lib/browse/server/collection";
import { deleteCollection } from "@/lib/collections/delete-collection";
import { deletePerk } from "@/lib/collections/delete-perk";
import { previewCreateRequest } from "@/lib/collections/preview";
import { getCollectionRecord } from "@/lib/collections/read";
import { applyCreateRequest } from "@/lib/collections/write";
import { notFound } from "@/lib/errors";
import { defineRoute, queryOf } from "@/lib/http/server/route";
import { managedListQuery } from "@/lib/portal/managed-list";
import { listManagedCollections } from "@/lib/portal/server/managed-collections";
import { getManagedRecord } from "@/lib/portal/server/managed-record";
import { createRequestSchema } from "@/lib/schemas/create-request";
import { deleteCollectionQuerySchema } from "@/lib/schemas/delete-collection";
import { saveQuerySchema } from "@/lib/schemas/history";
import { LIMITS } from "@/lib/schemas/limits";
import { idPathSchema, perkPathSchema } from "@/lib/schemas/path-id";
import { collectionPath, unknownCollectionQuoted } from "./collection-path";

/*
 * The collections family: the writes the API and the portal share (the same request shapes, rules,
 * body limit and Idempotency-Key handling, whether a key or a session authenticates them), and the
 * reads of one collection by the API, the portal and the public page.
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
  params: { schema, unknown: unknownCollectionQuoted },
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

/** Retrieval, GET /api-gateway/collections/{id}: any collection, read under the key lookup's snapshot. */
export const retrieveCollectionRoute = (auth: "key") =>
  defineRoute({ auth, budget: "read", params: collectionPath }, async ({ params, snapshot }) => {
    const record = await getCollectionRecord(params.id, snapshot);
    if (!record) throw notFound(collectionPath.unknown(params));
    return record;
  });

/** The editor's read: one of the team's own collections, always exact. */
export const managedCollectionRoute = (auth: "session") =>
  defineRoute({ auth, budget: "read", params: collectionPath }, ({ account, params }) => getManagedRecord(account.teamId, params.id));

/** My collections: `?q=&status=&sort=&page=`, read with the page's own URL parsers. */
export const managedCollectionsRoute = (auth: "session") =>
  defineRoute({ auth, budget: "read", query: managedListQuery }, ({ account, query }) => listManagedCollections(account.teamId, query));

const unknownPerk = ({ id, perkId }: Record<string, string>) =>
  `PlatformPerkId: perk ${JSON.stringify(perkId)} of collection ${JSON.stringify(id)} not found`;

/** One perk of the collection page, keyless: its "Show more" reads the texts the page cut. */
export const publicPerkRoute = (auth: "public") =>
  defineRoute({ auth, budget: "read", params: { schema: perkPathSchema, unknown: unknownPerk } }, async ({ params }) => {
    const perk = await getPublicPerk(params.id, params.perkId);
    if (!perk) throw notFound(unknownPerk(params));
    return perk;
  });
