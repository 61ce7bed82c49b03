import type { Pool as PgPool, PoolConfig } from "pg";

/**
 * A pg pool whose clients' lost connections are logged under `label`, not thrown. A client that
 * loses its server emits 'error', idle or checked out (between two statements of a transaction);
 * unhandled, that would end the process. The statement in flight fails on its own and becomes a
 * 503, and the pool replaces the broken client.
 */
export function guardedPool(Pool: typeof PgPool, config: PoolConfig, label: string): PgPool {
  const pool = new Pool(config);
  pool.on("error", (error) => console.error(`${label} pool:`, error.message));
  pool.on("connect", (client) => client.on("error", (error) => console.error(`${label} connection:`, error.message)));
  return pool;
}
