import { deleteCollectionRoute } from "@/lib/http/server/collection-routes";
import { defineRoute } from "@/lib/http/server/route";
import { getManagedRecord } from "@/lib/portal/server/managed-record";
import { idPathSchema } from "@/lib/schemas/path-id";

export const GET = defineRoute(
  { auth: "session", budget: "read", params: { schema: idPathSchema, unknown: ({ id }) => `PlatformNFTId: collection "${id}" not found` } },
  ({ account, params }) => getManagedRecord(account.teamId, params.id),
);

export const DELETE = deleteCollectionRoute("session");
