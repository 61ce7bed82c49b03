import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import type { StoreWords } from "./search-queries";

/**
 * Words as they occur in the store, with the share of documents holding them (from a sample of
 * 20,000 rows): queries drawn from these match the way people's queries do. Category lexemes
 * ('#3') are not words anyone types.
 */
export async function storeWords(): Promise<StoreWords> {
  const db = await getDb();
  const sample = (column: string) =>
    queryRows<{ word: string; ndoc: number }>(
      db,
      sql.raw(
        `SELECT word, ndoc FROM ts_stat('SELECT ${column} FROM collection_search LIMIT 20000') WHERE length(word) >= 2 AND word NOT LIKE '#%' ORDER BY ndoc DESC LIMIT 3000`,
      ),
    );
  return { title: await sample("title_tsv"), text: await sample("body_tsv") };
}
