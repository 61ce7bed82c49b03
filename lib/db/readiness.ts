import "server-only";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { getDb } from "./client";
import { queryRows } from "./queries";

const JOURNAL = path.join(process.cwd(), "lib/db/migrations/meta/_journal.json");

/** The `when` of the newest committed migration: drizzle records it as the applied migration's created_at. */
function latestMigration(): number {
  const journal = JSON.parse(fs.readFileSync(JOURNAL, "utf8")) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/**
 * Whether this instance can serve: the database answers and holds every committed migration.
 * Problems are returned, not thrown, so the route can answer 503 naming them.
 */
export async function readinessProblem(): Promise<string | null> {
  let applied: number;
  try {
    const db = await getDb();
    const [row] = await queryRows<{ latest: string | null }>(
      db,
      sql`SELECT max(created_at)::text AS latest FROM drizzle.__drizzle_migrations`,
    );
    applied = Number(row?.latest ?? 0);
  } catch {
    return "database unreachable";
  }
  return applied >= latestMigration() ? null : "migrations not applied";
}
