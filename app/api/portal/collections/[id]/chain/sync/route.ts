import { queueSyncNow } from "@/lib/chain/server/sync-now";
import { defineRoute } from "@/lib/http/server/route";
import { getManagedRecord } from "@/lib/portal/server/managed-record";
import { idPathSchema } from "@/lib/schemas/path-id";

/** "Sync now": queues an attempt at the collection's contract at once, on the write budget. */
export const POST = defineRoute(
  {
    auth: "session",
    budget: "write",
    idempotent: true,
    params: { schema: idPathSchema, unknown: ({ id }) => `PlatformNFTId: collection "${id}" not found` },
  },
  async ({ account, params }) => queueSyncNow((await getManagedRecord(account.teamId, params.id)).nftData),
);
