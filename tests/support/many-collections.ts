import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { applySearchBitmapChanges } from "@/lib/search/bitmaps";

/**
 * Stores `count` collections titled "<title> 1" … "<title> <count>" for one manager, straight in
 * SQL: ten thousand API calls would take minutes. The search rows come from the same view the
 * write path uses, and the search bitmaps are brought up to date. With `everyOtherCategory`, the even-numbered ones carry that category.
 */
export async function storeManyCollections(options: {
  idPrefix: string;
  title: string;
  creator: string;
  count: number;
  managerId: string;
  everyOtherCategory?: string;
}): Promise<void> {
  const db = await getDb();
  const categories = options.everyOtherCategory
    ? sql`CASE WHEN n % 2 = 0 THEN ARRAY[${options.everyOtherCategory}] ELSE '{}' END`
    : sql`'{}'`;
  await db.execute(sql`
    INSERT INTO collections (id, data, team_id, managers, lastmodified, categories)
    SELECT ${options.idPrefix} || lpad(n::text, 6, '0'),
           jsonb_build_object('Title', ${options.title} || ' ' || n, 'ContractChain', 'Base', 'Creator', ${options.creator}::text),
           (SELECT m.team_id FROM team_members m WHERE m.user_id = ${options.managerId} ORDER BY m.created_at LIMIT 1),
           ARRAY[${options.managerId}]::text[], 1700000000000 + (n % 997), ${categories}
      FROM generate_series(1, ${options.count}) AS n`);
  await db.execute(sql`INSERT INTO collection_search SELECT * FROM collection_search_source`);
  await applySearchBitmapQueue();
}

/**
 * Applies every queued change to the search bitmaps, as the app does within moments of a write,
 * so that the searches that follow a bulk insert find the same state on every run.
 */
export async function applySearchBitmapQueue(): Promise<void> {
  const db = await getDb();
  for (;;) {
    const [row] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM search_bitmap_changes`);
    if (!row?.n) break;
    await applySearchBitmapChanges();
  }
}
