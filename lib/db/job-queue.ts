import "server-only";
import { PgBoss, type Db } from "pg-boss";
import { log } from "@/lib/log";
import { getExecuteSql } from "./client";
import type { Queryable } from "./types";

type RawClient = { query: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }> };

/**
 * pg-boss's `db` for one drizzle transaction, so a job is inserted in the caller's transaction and
 * commits (or not) with it. pg-boss's SQL uses one `$n` several times with different casts, which
 * a drizzle statement (one parameter per use) cannot express, so it goes to the connection the
 * transaction runs on: drizzle's session client, a pg PoolClient or PGlite's transaction, both
 * with `query(text, values)`.
 */
export function transactionDb(tx: Queryable): Db {
  const client = (tx as unknown as { session?: { client?: RawClient } }).session?.client;
  if (typeof client?.query !== "function") throw new Error("the transaction exposes no SQL client for the job queue");
  return { executeSql: async (text: string, values?: unknown[]) => ({ rows: (await client.query(text, values)).rows }) };
}

/** pg-boss over the process's own database connection (the pool, or the embedded PGlite). */
export async function processDb(): Promise<Db> {
  const executeSql = await getExecuteSql();
  return { executeSql: (text: string, values?: unknown[]) => executeSql(text, values) };
}

/**
 * A started pg-boss on the process's database, as every queue's worker runs it: the schema comes
 * with the app's migrations (pg-boss upgrades it itself when its version changes), no cron
 * schedules, and `maintenanceIntervalSeconds` for how soon jobs a killed process left `active`
 * are handed out again. Its errors are logged under `label`.
 */
export async function startJobQueue(label: string, maintenanceIntervalSeconds: number): Promise<PgBoss> {
  const boss = new PgBoss({
    db: await processDb(),
    schema: "pgboss",
    migrate: true,
    supervise: true,
    schedule: false,
    maintenanceIntervalSeconds,
    monitorIntervalSeconds: 60,
  });
  boss.on("error", (error: Error) => log().error({ err: error }, label));
  await boss.start();
  return boss;
}
