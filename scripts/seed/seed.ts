import { ensureDemoAccount } from "@/lib/auth/demo-account";
import { insertCollections } from "@/lib/collections/refresh";
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { buildSearchBitmaps, invalidateSearchBitmaps } from "@/lib/search/bitmaps";
import { refreshFrequentLexemes } from "@/lib/search/frequent-lexemes";
import { demoCollections } from "./demo-data";

const BATCH = 2_000;

/**
 * Stores `count` demo collections managed by the demo account (whose portal password it sets),
 * in transactions of 2,000 through the same insert (derived columns, search rows) the API uses,
 * then takes the snapshot of frequent lexemes search uses to skip counts that fill the window and
 * builds the search bitmaps once (not row by row: searches count rows until then).
 * The next batch is generated while the database stores the current one. Calls `onProgress`
 * after each batch.
 */
export async function seedCollections(count: number, onProgress: (done: number) => void = () => {}): Promise<void> {
  const owner = await ensureDemoAccount();
  const db = await getDb();
  const now = Date.now();
  const next = demoCollections();
  const makeBatch = (size: number) =>
    Array.from({ length: size }, () => {
      const { data, perks, lastmodified, createdAt } = next(now);
      return {
        id: newId(),
        data,
        managers: [owner.id],
        lastmodified,
        createdAt,
        perks: perks.map((perk) => ({ id: newId(), data: perk })),
      };
    });
  // Bulk loading: the text index collects new entries in its pending list (6x faster inserts) and
  // merges them once at the end; the app itself inserts straight into the tree (migration 0003).
  await db.execute(sql`ALTER INDEX collection_search_text_idx SET (fastupdate = on)`);
  await db.execute(sql`ALTER INDEX collection_search_titles_tsv_idx SET (fastupdate = on)`);
  await invalidateSearchBitmaps(db);
  try {
    let done = 0;
    let batch = makeBatch(Math.min(BATCH, count));
    while (batch.length > 0) {
      const storing = insertCollections(db, batch, { deferBitmaps: true });
      const size = batch.length;
      batch = makeBatch(Math.min(BATCH, count - done - size));
      await storing;
      done += size;
      onProgress(done);
    }
  } finally {
    await db.execute(sql`SELECT gin_clean_pending_list('collection_search_text_idx'::regclass)`);
    await db.execute(sql`ALTER INDEX collection_search_text_idx SET (fastupdate = off)`);
    await db.execute(sql`SELECT gin_clean_pending_list('collection_search_titles_tsv_idx'::regclass)`);
    await db.execute(sql`ALTER INDEX collection_search_titles_tsv_idx SET (fastupdate = off)`);
    await db.execute(sql`ANALYZE collections, perks, collection_search, collection_search_titles`);
    // Searches would otherwise count every broad word until a search starts the first snapshot.
    await refreshFrequentLexemes();
    await buildSearchBitmaps();
  }
}
