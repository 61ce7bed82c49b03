import { getCollectionRecord } from "@/lib/collections/read";
import { notFound } from "@/lib/errors";
import { deleteCollectionRoute } from "@/lib/http/server/collection-routes";
import { gatewayMethods } from "@/lib/http/server/gateway-routes";
import { defineRoute } from "@/lib/http/server/route";
import { idPathSchema } from "@/lib/schemas/path-id";

const unknownCollection = ({ id }: { id?: string }) => `PlatformNFTId: collection "${id}" not found`;

const retrieve = defineRoute(
  { auth: "key", budget: "read", params: { schema: idPathSchema, unknown: unknownCollection } },
  async ({ params, snapshot }) => {
    const record = await getCollectionRecord(params.id, snapshot);
    if (!record) throw notFound(unknownCollection(params));
    return record;
  },
);

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = gatewayMethods({ GET: retrieve, DELETE: deleteCollectionRoute("key") });
