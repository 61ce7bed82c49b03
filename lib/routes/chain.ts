import "server-only";
import { chainFactsOf } from "@/lib/chain/server/facts";
import { queueSyncNow } from "@/lib/chain/server/sync-now";
import { defineRoute } from "@/lib/http/server/route";
import { getManagedRecord } from "@/lib/portal/server/managed-record";
import { collectionPath } from "./collection-path";

/** The sync panel: what the chain says about the collection's contract. */
export const chainFactsRoute = (auth: "session") =>
  defineRoute({ auth, budget: "read", params: collectionPath }, async ({ account, params }) =>
    chainFactsOf((await getManagedRecord(account.teamId, params.id)).nftData),
  );

/** "Sync now": queues an attempt at the collection's contract at once, on the write budget. */
export const syncNowRoute = (auth: "session") =>
  defineRoute({ auth, budget: "write", idempotent: true, params: collectionPath }, async ({ account, params }) =>
    queueSyncNow((await getManagedRecord(account.teamId, params.id)).nftData),
  );
