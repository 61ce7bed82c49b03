import "server-only";
import { sql } from "drizzle-orm";
import { PgBoss, type Db } from "pg-boss";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { processDb } from "@/lib/db/job-queue";
import { CHAINS, chainKeyOf, chainOfLabel, type ChainInfo } from "@/lib/schemas/chains";
import { syncTargetOf } from "../sync-state";
import { hasRpc } from "./rpc";

/** The pg-boss queue of sync attempts (created by migration 0017, `stately`: one waiting and one running per contract). */
export const SYNC_QUEUE = "chain-sync";

/** What a sync job carries: the contract, by chain label (lower case) and address (lower case). */
export type SyncJob = { chainKey: string; address: string };

export const singletonKeyOf = (job: SyncJob) => `${job.chainKey}:${job.address}`;

/** The contract a collection's fields name, when it is one the service can sync now. */
export function syncJobOf(label: string | undefined, address: string | undefined): SyncJob | undefined {
  const target = syncTargetOf(label, address, hasRpc);
  return "chain" in target ? { chainKey: chainKeyOf(target.chain), address: target.address } : undefined;
}

export const chainOfJob = (job: SyncJob): ChainInfo | undefined => chainOfLabel(job.chainKey);

let sender: PgBoss | undefined;

/**
 * Queues a sync of one contract through `db` (a write's transaction, or the process's), due after
 * `delaySeconds`. One job per contract waits: a later one is absorbed by it (two collections, or two
 * writes, naming one contract cost one sync), and one due now brings the waiting job forward
 * (pg-boss's upsert by singletonKey) instead of waiting out the follow-up interval, unless
 * `unlessWaiting` (the sweep: only a contract with no job waiting gets one).
 */
export async function sendSyncJob(db: Db, job: SyncJob, delaySeconds = 0, { unlessWaiting = false } = {}): Promise<void> {
  sender ??= new PgBoss({ db, schema: "pgboss" });
  const singletonKey = singletonKeyOf(job);
  if (delaySeconds <= 0 && !unlessWaiting) await sender.upsert(SYNC_QUEUE, job, { singletonKey, startAfter: new Date(), db });
  else await sender.send(SYNC_QUEUE, job, { singletonKey, startAfter: Math.max(0, Math.ceil(delaySeconds)), db });
}

/**
 * Every contract the stored collections name that can be synced now. At start-up each is brought
 * forward (a chain may have gained an RPC); the periodic sweep (`unlessWaiting`) only gives a job to
 * a contract that has none waiting: one whose follow-up was lost (its job failed past pg-boss's
 * retries, say, while the database was down) is followed again.
 *
 * Only collections on a chain with an RPC are read, and none when no chain has one: the sweep runs
 * at every start beside the first traffic, and a million collections on chains nobody syncs would
 * otherwise pass through this process for nothing. Writes store a known chain in the table's
 * spelling (`canonicalChainLabel`, migration 0020 for older rows), so the label is matched exactly.
 */
export async function queueEveryContract({ unlessWaiting = false } = {}): Promise<number> {
  const labels = CHAINS.filter(hasRpc).map((chain) => chain.label);
  if (labels.length === 0) return 0;
  const db = await getDb();
  const rows = await queryRows<{ chain: string; address: string }>(
    db,
    sql`SELECT DISTINCT data->>'ContractChain' AS chain, data->>'ContractAddress' AS address
          FROM collections
         WHERE data->>'ContractChain' = ANY(${`{${labels.join(",")}}`}::text[]) AND coalesce(data->>'ContractAddress', '') <> ''`,
  );
  const jobs = new Map<string, SyncJob>();
  for (const row of rows) {
    const job = syncJobOf(row.chain, row.address);
    if (job) jobs.set(singletonKeyOf(job), job);
  }
  const queue = await processDb();
  for (const job of jobs.values()) await sendSyncJob(queue, job, 0, { unlessWaiting });
  return jobs.size;
}
