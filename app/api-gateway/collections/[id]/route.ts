import { getCollectionRecord } from "@/lib/collections/read";
import { notFound } from "@/lib/errors";
import { deleteCollectionRoute } from "@/lib/http/server/collection-routes";
import { defineRoute } from "@/lib/http/server/route";
import { idPathSchema } from "@/lib/schemas/path-id";

const unknownCollection = ({ id }: { id?: string }) => `PlatformNFTId: collection "${id}" not found`;

export const GET = defineRoute(
  { auth: "key", budget: "read", params: { schema: idPathSchema, unknown: unknownCollection } },
  async ({ params, snapshot }) => {
    const record = await getCollectionRecord(params.id, snapshot);
    if (!record) throw notFound(unknownCollection(params));
    return record;
  },
);

export const DELETE = deleteCollectionRoute("key");
