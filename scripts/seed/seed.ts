import { ensureDemoAccount } from "@/lib/auth/demo-account";
import { teamManagers } from "@/lib/teams/server/teams";
import { copyCollections } from "@/lib/collections/copy-collections";
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { buildDeferredIndexes, deferIndexes } from "@/lib/db/deferred-indexes";
import { ascendingIds } from "@/lib/ids";
import { buildSearchBitmaps, invalidateSearchBitmaps } from "@/lib/search/bitmaps";
import { refreshFrequentLexemes } from "@/lib/search/frequent-lexemes";
import { demoCollections } from "./demo-data";

const BATCH = 2_000;
/**
 * Batches stored at once, each in its own transaction and connection: PostgreSQL works a
 * statement on one core, so a second writer uses the second core (PGlite runs them in turn).
 */
const WRITERS = 2;
/** The text (GIN) indexes a load into a larger store fills through their pending lists. */
const TEXT_INDEXES = ["collection_search_text_idx", "collection_search_titles_tsv_idx", "perk_search_text_idx"];

/**
 * What a load reports: collections stored so far, and each step after the rows; and the address
 * the app is reached at, for the demo pictures it serves (`demoImageOrigin()` when not given).
 */
export type SeedProgress = { stored?: (done: number) => void; step?: (text: string) => void; imageOrigin?: string };

/**
 * Stores `count` demo collections managed by the demo account (whose portal password it sets),
 * in transactions of 2,000, each loading its collections and perks with COPY and then writing
 * their search rows through the same statement the API uses (`copyCollections`),
 * then takes the snapshot of frequent lexemes search uses to skip counts that fill the window and
 * builds the search bitmaps once (not row by row: searches count rows until then).
 * A load that at least doubles the store drops the loaded tables' secondary indexes and foreign
 * keys first and makes them again after the rows (`deferIndexes`); a smaller one fills the text
 * indexes through their pending lists. Batches are generated while the database stores earlier ones.
 */
export async function seedCollections(count: number, progress: SeedProgress = {}): Promise<void> {
  const owner = await ensureDemoAccount();
  const db = await getDb();
  const managers = await teamManagers(db, owner.teamId);
  const now = Date.now();
  const next = demoCollections(progress.imageOrigin);
  const nextId = ascendingIds();
  const makeBatch = (size: number) =>
    Array.from({ length: size }, () => {
      const { data, perks, lastmodified, createdAt } = next(now);
      return {
        id: nextId(),
        data,
        teamId: owner.teamId,
        managers,
        lastmodified,
        createdAt,
        perks: perks.map((perk) => ({ id: nextId(), data: perk })),
      };
    });
  // Indexes an interrupted load left unbuilt come first.
  await buildDeferredIndexes(db);
  const [stored] = await queryRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM collections`);
  const deferred = count >= (stored?.total ?? 0) ? await deferIndexes(db) : [];
  // Otherwise the text indexes collect new entries in their pending lists (6x faster inserts) and
  // merge them once at the end; the app itself inserts straight into the tree (migration 0003).
  const pending = deferred.length === 0 ? TEXT_INDEXES : [];
  for (const index of pending) await db.execute(sql`ALTER INDEX ${sql.identifier(index)} SET (fastupdate = on)`);
  await invalidateSearchBitmaps(db);
  try {
    let made = 0;
    let done = 0;
    let analyzedAt = stored?.total ?? 0;
    const storing = new Set<Promise<void>>();
    while (made < count) {
      const batch = makeBatch(Math.min(BATCH, count - made));
      made += batch.length;
      const saved: Promise<void> = copyCollections(batch).then(async () => {
        storing.delete(saved);
        done += batch.length;
        progress.stored?.(done);
        if (done >= 2 * analyzedAt) {
          // The load's statements look up perks by collection: with statistics of a smaller store
          // the planner reads every perk instead, each batch (autovacuum would analyze too, later).
          analyzedAt = done;
          await db.execute(sql`ANALYZE collections, perks, collection_search`);
        }
      });
      storing.add(saved);
      // A failed batch stops the load once the other writer's batch has settled.
      if (storing.size >= WRITERS)
        await Promise.race(storing).catch(async (error: unknown) => {
          await Promise.allSettled(storing);
          throw error;
        });
    }
    await Promise.all(storing);
  } finally {
    // The indexes, the frequent words and the search bitmaps are built at once: the last two read
    // every row, or rows by doc number (a unique index, kept), not through the indexes being built.
    let built = 0;
    if (deferred.length > 0) progress.step?.(`Building ${deferred.length} indexes and keys`);
    const indexing = buildDeferredIndexes(db, (name) => progress.step?.(`Built ${name} (${++built} of ${deferred.length})`));
    // Searches would otherwise count every broad word until a search starts the first snapshot.
    const lexemes = refreshFrequentLexemes();
    const bitmaps = buildSearchBitmaps((chunk, chunks) => progress.step?.(`Built the search bitmaps of chunk ${chunk} of ${chunks}`));
    const failed = (await Promise.allSettled([indexing, lexemes, bitmaps])).find((outcome) => outcome.status === "rejected");
    if (failed) throw failed.reason;
    for (const index of pending) {
      await db.execute(sql`SELECT gin_clean_pending_list(${index}::regclass)`);
      await db.execute(sql`ALTER INDEX ${sql.identifier(index)} SET (fastupdate = off)`);
    }
    progress.step?.("Analyzing the tables");
    // VACUUM marks the new pages all-visible, which index-only scans need (distance searches, the
    // newest-first order, title-ordered pages); autovacuum would, later, where it is on.
    await db.execute(sql`VACUUM (ANALYZE) perk_search, collection_search, collection_search_titles`);
    await db.execute(sql`ANALYZE collections, perks`);
  }
}
