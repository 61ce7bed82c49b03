import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { flushInsights } from "@/lib/insights/flush";

/** The stored rows of a collection, after a flush: `metric` → count, perk-level rows keyed `metric:perkId`. */
export async function storedCounts(id: string): Promise<Record<string, number>> {
  await flushInsights();
  const rows = await queryRows<{ metric: string; perk_id: string | null; count: number }>(
    await getDb(),
    sql`SELECT metric, perk_id, count::int AS count FROM insight_counts WHERE collection_id = ${id}`,
  );
  return Object.fromEntries(rows.map((row) => [row.perk_id ? `${row.metric}:${row.perk_id}` : row.metric, row.count]));
}
