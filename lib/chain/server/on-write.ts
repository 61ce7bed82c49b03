import "server-only";
import type { Transaction } from "@/lib/db/types";
import { transactionDb } from "@/lib/db/job-queue";
import { sendSyncJob, singletonKeyOf, syncJobOf } from "./queue";

export type ContractFields = { ContractChain?: string; ContractAddress?: string };

/**
 * Queues a sync, inside the write's own transaction, when a collection gets a contract or changes
 * it: the job commits with the write or not at all. An unchanged contract costs nothing here (it is
 * already followed), and a contract another collection names is absorbed by the waiting job.
 */
export async function queueSyncOfWrite(tx: Transaction, before: ContractFields | undefined, after: ContractFields): Promise<void> {
  const job = syncJobOf(after.ContractChain, after.ContractAddress);
  if (!job) return;
  const previous = before && syncJobOf(before.ContractChain, before.ContractAddress);
  if (previous && singletonKeyOf(previous) === singletonKeyOf(job)) return;
  await sendSyncJob(transactionDb(tx), job);
}
