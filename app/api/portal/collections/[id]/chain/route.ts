import { chainFactsOf } from "@/lib/chain/server/facts";
import { defineRoute } from "@/lib/http/server/route";
import { getManagedRecord } from "@/lib/portal/server/managed-record";
import { idPathSchema } from "@/lib/schemas/path-id";

/** The sync panel: what the chain says about the collection's contract. */
export const GET = defineRoute(
  { auth: "session", budget: "read", params: { schema: idPathSchema, unknown: ({ id }) => `PlatformNFTId: collection "${id}" not found` } },
  async ({ account, params }) => chainFactsOf((await getManagedRecord(account.teamId, params.id)).nftData),
);
