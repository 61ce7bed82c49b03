import "server-only";
import { badRequest } from "@/lib/errors";
import { processDb } from "@/lib/db/job-queue";
import { syncFieldsOf, syncTargetOf } from "../sync-state";
import { sendSyncJob, syncJobOf } from "./queue";
import { hasRpc } from "./rpc";

type Named = { ContractChain?: string; ContractAddress?: string };

/**
 * Queues an attempt at the collection's contract now. A collection that cannot be synced is a 400
 * saying why; an attempt already waiting for the contract absorbs this one.
 */
export async function queueSyncNow(fields: Named): Promise<{ queued: true }> {
  const job = syncJobOf(fields.ContractChain, fields.ContractAddress);
  if (!job) {
    const reason = syncFieldsOf(syncTargetOf(fields.ContractChain, fields.ContractAddress, hasRpc), null).BlockchainSyncError;
    throw badRequest(`ContractAddress: ${reason ?? "the collection names no contract to sync"}`);
  }
  await sendSyncJob(await processDb(), job);
  return { queued: true };
}
