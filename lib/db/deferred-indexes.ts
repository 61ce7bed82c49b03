import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Database } from "@/lib/db/client";

/**
 * The tables a bulk load fills. Their unique indexes stay (the writes' conflict and foreign key
 * checks read them), as do the indexes of `perks`, which the search rows are computed through.
 */
const LOADED_TABLES = ["collections", "collection_search", "collection_search_titles", "perk_search"];

/** Memory for each index build: a sort in memory rather than on disk at a million rows. */
const BUILD_MEMORY = "256MB";
/** Builds at once, each on a connection of its own (PostgreSQL builds an index on one core). */
const BUILDERS = 2;

/**
 * Drops the secondary indexes of the loaded tables and lists them in `deferred_indexes`, in one
 * transaction: a load then writes rows without maintaining a dozen indexes row by row, and
 * `buildDeferredIndexes` sorts each in one pass, many times faster (PostgreSQL's "Populating a
 * Database"). Searches read every row until then, so only a load into a store it at least
 * doubles does this. Returns the names dropped.
 */
export async function deferIndexes(db: Database): Promise<string[]> {
  return db.transaction(async (tx) => {
    const tables = sql.join(
      LOADED_TABLES.map((table) => sql`${table}::regclass`),
      sql`, `,
    );
    const indexes = await queryRows<{ name: string; definition: string }>(
      tx,
      sql`SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
            FROM pg_index i WHERE i.indrelid IN (${tables}) AND NOT i.indisunique ORDER BY 1`,
    );
    for (const { name, definition } of indexes) {
      await tx.execute(sql`INSERT INTO deferred_indexes (name, definition) VALUES (${name}, ${definition}) ON CONFLICT (name) DO NOTHING`);
      await tx.execute(sql`DROP INDEX ${sql.identifier(name)}`);
    }
    return indexes.map((index) => index.name);
  });
}

/**
 * Builds every index listed in `deferred_indexes` from its definition, BUILDERS at a time, each
 * in a transaction that also takes it off the list: an interrupted build leaves only the ones
 * not yet built. Calls `onBuilt` after each.
 */
export async function buildDeferredIndexes(db: Database, onBuilt?: (name: string) => void): Promise<void> {
  const listed = await queryRows<{ name: string; definition: string }>(
    db,
    sql`SELECT name, definition FROM deferred_indexes ORDER BY name`,
  );
  const build = async () => {
    for (let next = listed.shift(); next; next = listed.shift()) {
      const { name, definition } = next;
      await db.transaction(async (tx) => {
        await tx.execute(sql`SELECT set_config('maintenance_work_mem', ${BUILD_MEMORY}, true)`);
        await tx.execute(sql.raw(definition));
        await tx.execute(sql`DELETE FROM deferred_indexes WHERE name = ${name}`);
      });
      onBuilt?.(name);
    }
  };
  await Promise.all(Array.from({ length: BUILDERS }, build));
}
