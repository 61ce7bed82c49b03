import "server-only";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/queries";
import type { Database } from "@/lib/db/types";

/**
 * The tables a bulk load fills. Their unique indexes stay (the writes' conflict checks read them),
 * as do the indexes of `perks`, which the search rows are computed through.
 */
const LOADED_TABLES = ["collections", "collection_search", "collection_search_titles", "perk_search"];
/**
 * Tables whose foreign keys a load drops: every row it stores in them checks its reference with a
 * query of its own (some 20,000 a batch). Added back, each key is checked in one join.
 */
const CHECKED_TABLES = ["perks", "collection_search", "collection_search_titles", "perk_search"];

/** Memory for each index build: a sort in memory rather than on disk at a million rows. */
const BUILD_MEMORY = "256MB";
/** Builds at once, each on a connection of its own (PostgreSQL builds an index on one core). */
const BUILDERS = 2;

const regclasses = (tables: string[]) =>
  sql.join(
    tables.map((table) => sql`${table}::regclass`),
    sql`, `,
  );

/**
 * Drops the secondary indexes of the loaded tables and the foreign keys of the tables a load
 * checks, and lists each in `deferred_indexes` with the statement that makes it again, in one
 * transaction: a load then writes rows without maintaining a dozen indexes or checking each
 * reference row by row, and `buildDeferredIndexes` sorts each index in one pass, many times
 * faster, and checks each key in one join (PostgreSQL's "Populating a Database"). Searches read
 * every row until then, so only a load into a store it at least doubles does this. Returns the
 * names dropped.
 */
export async function deferIndexes(db: Database): Promise<string[]> {
  return db.transaction(async (tx) => {
    const dropped = await queryRows<{ name: string; definition: string; drop: string }>(
      tx,
      sql`SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition,
                 format('DROP INDEX %s', i.indexrelid::regclass) AS drop
            FROM pg_index i WHERE i.indrelid IN (${regclasses(LOADED_TABLES)}) AND NOT i.indisunique
          UNION ALL
          SELECT c.conname, format('ALTER TABLE %s ADD CONSTRAINT %I %s', c.conrelid::regclass, c.conname, pg_get_constraintdef(c.oid)),
                 format('ALTER TABLE %s DROP CONSTRAINT %I', c.conrelid::regclass, c.conname)
            FROM pg_constraint c WHERE c.conrelid IN (${regclasses(CHECKED_TABLES)}) AND c.contype = 'f'
          ORDER BY 1`,
    );
    for (const { name, definition, drop } of dropped) {
      await tx.execute(sql`INSERT INTO deferred_indexes (name, definition) VALUES (${name}, ${definition}) ON CONFLICT (name) DO NOTHING`);
      await tx.execute(sql.raw(drop));
    }
    return dropped.map((item) => item.name);
  });
}

/**
 * Builds every index and key listed in `deferred_indexes` from its definition, BUILDERS at a time,
 * each in a transaction that also takes it off the list: an interrupted build leaves only the ones
 * not yet built, and two processes building at once build each one once. Calls `onBuilt` after each.
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
        // Another process building the same list (an instance starting beside a seed) holds the
        // row until it commits; gone by then, the index is built.
        const [listed] = await queryRows(tx, sql`SELECT 1 FROM deferred_indexes WHERE name = ${name} FOR UPDATE`);
        if (!listed) return;
        // A key's check is a join, which sorts or hashes in work_mem.
        await tx.execute(
          sql`SELECT set_config('maintenance_work_mem', ${BUILD_MEMORY}, true), set_config('work_mem', ${BUILD_MEMORY}, true)`,
        );
        await tx.execute(sql.raw(definition));
        await tx.execute(sql`DELETE FROM deferred_indexes WHERE name = ${name}`);
      });
      onBuilt?.(name);
    }
  };
  await Promise.all(Array.from({ length: BUILDERS }, build));
}
