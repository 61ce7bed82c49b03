import type { Pool as PgPool, PoolConfig } from "pg";
import { log } from "@/lib/log";

/**
 * A pg pool whose clients' lost connections are logged under `label`, not thrown. A client that
 * loses its server emits 'error', idle or checked out (between two statements of a transaction);
 * unhandled, that would end the process. The statement in flight fails on its own and becomes a
 * 503, and the pool replaces the broken client.
 *
 * Connections once opened stay open (`min` as large as `max`): pg closes idle ones after 10 s by
 * default, and the first requests after a lull then opened new ones, prepared their statements
 * again on backends with cold caches, and queued behind them for seconds (docs/decisions/105).
 * Idle, they do not keep a script from exiting.
 */
export function guardedPool(Pool: typeof PgPool, config: PoolConfig, label: string): PgPool {
  const pool = new Pool({ min: config.max, allowExitOnIdle: true, ...config });
  pool.on("error", (error) => log().error({ err: error }, `${label} pool`));
  pool.on("connect", (client) => client.on("error", (error) => log().error({ err: error }, `${label} connection`)));
  return pool;
}
