import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import {
  applySearchBitmapChanges,
  bitmapCounts,
  bitmapTermsOf,
  buildSearchBitmaps,
  holdBackgroundApplies,
  MAX_PENDING_CHANGES,
  type BitmapQuery,
} from "@/lib/search/bitmaps";
import { CATEGORIES } from "@/lib/schemas/category-list";
import { FACET_VALUE_LIMIT } from "@/lib/schemas/search-params";
import { queryTerms, toTsQuery } from "@/lib/search/text-query";
import { type Caller, createOk, deleteCollection, newCaller, validCollection, validPerk } from "../support/api";
import { storeManyCollections } from "../support/many-collections";

// Counts from the bitmaps must equal counts of the rows, in every state the queue can be in: the
// queue is applied only where a test says so.
process.env.SEARCH_CACHE_MS = "0";
const releaseApplies = holdBackgroundApplies();
afterAll(releaseApplies);

let caller: Caller;

const QUERIES: { text: string; category?: string; chain?: string }[] = [
  { text: "o" }, // one character: that lexeme only
  { text: "ot" }, // prefixes with a bitmap of their own
  { text: "ott" },
  { text: "otte" }, // a longer prefix: every lexeme that starts with it
  { text: "otters" },
  { text: "river otters" },
  { text: "riv ot" },
  { text: "lantern" },
  { text: "la" },
  { text: "wick works" },
  { text: "café" }, // not ASCII: read as a range, not a prefix bitmap
  { text: "caf" },
  { text: "ot", category: "Merch" },
  { text: "lantern", category: "Events" },
  { text: "river", chain: "Solana" },
  { text: "ot", chain: "Base", category: "Merch" },
  // No words: every row of the filters, in the title as anywhere.
  { text: "" },
  { text: "", category: "Merch" },
  { text: "", chain: "Base" },
  { text: "", chain: "Solana", category: "Events" },
];

const bitmapQuery = ({ text, category, chain }: (typeof QUERIES)[number]): BitmapQuery => ({
  words: queryTerms(text),
  tsQuery: toTsQuery(text),
  category: category === undefined ? undefined : CATEGORIES.indexOf(category as (typeof CATEGORIES)[number]),
  chain,
});

/** Whether `column` matches the query's words and its category as a lexeme (as search matches them). */
function matchOf({ text, category }: (typeof QUERIES)[number], column: string): SQL {
  const parts: SQL[] = [];
  const tsQuery = toTsQuery(text);
  if (tsQuery !== null) parts.push(sql`to_tsquery('simple', ${tsQuery})`);
  if (category) parts.push(sql`${`#${CATEGORIES.indexOf(category as (typeof CATEGORIES)[number])}`}::tsquery`);
  return parts.length === 0 ? sql`true` : sql`${sql.raw(column)} @@ (${sql.join(parts, sql` && `)})`;
}

/** The same counts read from the rows: every match through the GIN indexes, no window. */
async function rowCounts({ text, category, chain }: (typeof QUERIES)[number]) {
  const chainIs = (table: string) => (chain === undefined ? sql`true` : sql`${sql.raw(table)}.chain = ${chain}`);
  const [row] = await queryRows<{ all: number; title: number }>(
    await getDb(),
    sql`SELECT (SELECT count(*)::int FROM collection_search s WHERE ${matchOf({ text, category }, "s.search_tsv")} AND ${chainIs("s")}) AS all,
               (SELECT count(*)::int FROM collection_search_titles t WHERE ${matchOf({ text, category }, "t.title_tsv")} AND ${chainIs("t")}) AS title`,
  );
  return row!;
}

/** The matching rows' doc numbers, ascending, as the bitmaps list them. */
async function rowDocs({ text, category, chain }: (typeof QUERIES)[number]) {
  const rows = await queryRows<{ doc: number }>(
    await getDb(),
    sql`SELECT doc FROM collection_search
         WHERE ${matchOf({ text, category }, "search_tsv")} AND ${chain === undefined ? sql`true` : sql`chain = ${chain}`} ORDER BY doc`,
  );
  return rows.map((row) => Number(row.doc));
}

/** Facets read from the rows: every match's categories and chain. */
async function rowFacets({ text, category, chain }: (typeof QUERIES)[number]) {
  const rows = await queryRows<{ categories: number; chain: string }>(
    await getDb(),
    sql`SELECT categories, chain FROM collection_search
         WHERE ${matchOf({ text, category }, "search_tsv")} AND ${chain === undefined ? sql`true` : sql`chain = ${chain}`}`,
  );
  const categories = new Map<number, number>();
  const chains = new Map<string, number>();
  for (const row of rows) {
    CATEGORIES.forEach((_, bit) => {
      if (row.categories & (1 << bit)) categories.set(bit, (categories.get(bit) ?? 0) + 1);
    });
    chains.set(row.chain, (chains.get(row.chain) ?? 0) + 1);
  }
  // Free text is capped: the chains with the most matches (ties by name), the rest summed.
  const ranked = [...chains].sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0));
  const otherChains = ranked.slice(FACET_VALUE_LIMIT).reduce((sum, [, n]) => sum + n, 0);
  return { categories, chains: new Map(ranked.slice(0, FACET_VALUE_LIMIT)), otherChains };
}

async function expectExactCounts() {
  const db = await getDb();
  for (const query of QUERIES) {
    const counts = await bitmapCounts(db, bitmapQuery(query));
    expect(counts, JSON.stringify(query)).not.toBeNull();
    const wanted = await rowCounts(query);
    expect({ all: counts!.all, title: counts!.title }, JSON.stringify(query)).toEqual(wanted);
    // With facets, the same statement counts them too: the counts must not change.
    const withFacets = await bitmapCounts(db, bitmapQuery(query), { facets: true });
    expect({ all: withFacets?.all, title: withFacets?.title }, JSON.stringify(query)).toEqual(wanted);
    expect(withFacets?.facets, JSON.stringify(query)).toEqual(await rowFacets(query));
    // The matches listed by number when they are few enough, the queue's corrections included.
    expect(counts!.docs, JSON.stringify(query)).toBeNull();
    const listed = await bitmapCounts(db, bitmapQuery(query), { listUpTo: 1_000 });
    expect(listed?.docs, JSON.stringify(query)).toEqual(await rowDocs(query));
    const few = await bitmapCounts(db, bitmapQuery(query), { listUpTo: 2 });
    expect(few?.docs ?? null, JSON.stringify(query)).toEqual(wanted.all <= 2 ? await rowDocs(query) : null);
  }
}

const pending = async () => {
  const [row] = await queryRows<{ n: number }>(await getDb(), sql`SELECT count(*)::int AS n FROM search_bitmap_changes`);
  return row!.n;
};

/** Applies every queued change (the background apply may have taken some already). */
async function applyAll() {
  while ((await pending()) > 0) await applySearchBitmapChanges();
}

const ids: string[] = [];

beforeAll(async () => {
  caller = await newCaller();
  // Straight into the tables, from every stored collection: first, while there are none.
  await storeManyCollections({ idPrefix: "bm", title: "Lantern", creator: "Wick Works", count: 300, managerId: caller.userId });
  const add = async (nft: Record<string, unknown>, tags: string[] = []) => {
    const echo = await createOk(caller.key, { nftData: validCollection(nft), perkData: tags.length ? [validPerk({ Tags: tags })] : [] });
    ids.push(echo.nftData.PlatformNFTId);
  };
  await add({ Title: "River Otters", ContractChain: "Solana", Creator: "Otto" }, ["Merch"]);
  await add({ Title: "Otter", ContractChain: "Base", CollectionDescription: "otters by the river" }, ["Merch", "Events"]);
  await add({ Title: "Café Lantern", ContractChain: "Base" }, ["Events"]);
  await add({ Title: "Oath Keepers", ContractChain: "Ethereum", Creator: "O" });
  await add({ Title: "Ödön 𝔘nicode Straße", ContractChain: "Base", CollectionDescription: "ÉCLAIR façade naïve" });
}, 60_000);

describe("search bitmaps", () => {
  it("are built from the same terms the triggers queue", async () => {
    const rows = await queryRows<{ doc: number; queued: string[]; a: string[]; t: string[]; chain: string; title_words: number }>(
      await getDb(),
      sql`SELECT doc, uds_bitmap_terms(search_tsv, title_tsv, chain, title_words) AS queued, tsvector_to_array(search_tsv) AS a,
                 tsvector_to_array(title_tsv) AS t, chain, title_words FROM collection_search`,
    );
    expect(rows.length).toBeGreaterThan(300);
    for (const row of rows) expect(bitmapTermsOf(row.a, row.t, row.chain, row.title_words).sort()).toEqual([...row.queued].sort());
  });

  it("count exactly what the rows hold, before the queue is applied", async () => {
    expect(await pending()).toBeGreaterThan(0);
    await expectExactCounts();
  });

  it("count exactly after a build and after an apply, and the queue empties", async () => {
    await buildSearchBitmaps();
    expect(await pending()).toBe(0);
    await expectExactCounts();
    // Edits, a delete and a new collection, queued, then applied.
    await createOk(caller.key, {
      nftData: validCollection({ PlatformNFTId: ids[0], Title: "Lake Otters", ContractChain: "Base", Version: 1 }),
      perkData: [],
    });
    expect((await deleteCollection(caller.key, ids[3]!)).status).toBe(200);
    await createOk(caller.key, {
      nftData: validCollection({ Title: "Otterly Lantern", ContractChain: "Solana" }),
      perkData: [validPerk({ Tags: ["Merch"] })],
    });
    await expectExactCounts();
    await applyAll();
    await expectExactCounts();
    const [row] = await queryRows<{ n: number }>(await getDb(), sql`SELECT count(*)::int AS n FROM search_bitmaps WHERE term = 't:oath'`);
    // The deleted collection's bit is cleared; its row may stay, empty.
    const [bits] = await queryRows<{ set: number }>(
      await getDb(),
      sql`SELECT coalesce(sum(bit_count(bits)), 0)::int AS set FROM search_bitmaps WHERE term = 't:oath'`,
    );
    expect(row!.n).toBeLessThanOrEqual(1);
    expect(bits!.set).toBe(0);
  });

  it("are compressed with lz4 on PostgreSQL, by a build and by an apply (pglz on PGlite, built without lz4)", async () => {
    const methods = async () =>
      (
        await queryRows<{ method: string }>(
          await getDb(),
          sql`SELECT DISTINCT pg_column_compression(bits) AS method FROM search_bitmaps WHERE pg_column_compression(bits) IS NOT NULL`,
        )
      ).map((row) => row.method);
    const wanted = process.env.DATABASE_URL ? "lz4" : "pglz";
    await buildSearchBitmaps();
    expect(await methods()).toEqual([wanted]);
    await createOk(caller.key, { nftData: validCollection({ Title: "Lantern Otters", ContractChain: "Base" }), perkData: [] });
    await applyAll();
    const [changed] = await queryRows<{ method: string | null }>(
      await getDb(),
      sql`SELECT pg_column_compression(bits) AS method FROM search_bitmaps WHERE term = 't:lantern' AND chunk = 0`,
    );
    expect(changed?.method).toBe(wanted);
    expect(await methods()).toEqual([wanted]);
  });

  it("rewrite only the rows of the terms an edit adds or drops", async () => {
    const created = await createOk(caller.key, {
      nftData: validCollection({ Title: "Zyxkept Zyxdropped", ContractChain: "Base" }),
      perkData: [],
    });
    await applyAll();
    const rows = async () =>
      new Map(
        (
          await queryRows<{ term: string; version: string; set: number }>(
            await getDb(),
            sql`SELECT term, xmin::text AS version, bit_count(bits)::int AS set FROM search_bitmaps
                 WHERE term IN ('t:zyxkept', 't:zyxdropped', 't:zyxadded')`,
          )
        ).map((row) => [row.term, row]),
      );
    const before = await rows();
    expect(before.get("t:zyxkept")?.set).toBe(1);
    expect(before.get("t:zyxdropped")?.set).toBe(1);
    await createOk(caller.key, {
      nftData: validCollection({
        PlatformNFTId: created.nftData.PlatformNFTId,
        Title: "Zyxkept Zyxadded",
        ContractChain: "Base",
        Version: 1,
      }),
      perkData: [],
    });
    await applyAll();
    const after = await rows();
    // The kept term's row is the same row version: not rewritten.
    expect(after.get("t:zyxkept")).toEqual(before.get("t:zyxkept"));
    expect(after.get("t:zyxdropped")?.set).toBe(0);
    expect(after.get("t:zyxadded")?.set).toBe(1);
    await expectExactCounts();
  });

  it("keep a collection's bit across edits: an edit draws no new doc number", async () => {
    const lastDoc = async () =>
      (await queryRows<{ n: string | number }>(await getDb(), sql`SELECT last_value AS n FROM collection_search_docs`))[0]!.n;
    const before = await lastDoc();
    const id = ids[2]!;
    const [row] = await queryRows<{ doc: number }>(await getDb(), sql`SELECT doc FROM collection_search WHERE id = ${id}`);
    await createOk(caller.key, { nftData: validCollection({ PlatformNFTId: id, Title: "Café Lantern Again", Version: 1 }), perkData: [] });
    expect(await lastDoc()).toBe(before);
    const [after] = await queryRows<{ doc: number }>(await getDb(), sql`SELECT doc FROM collection_search WHERE id = ${id}`);
    expect(after!.doc).toBe(row!.doc);
    await createOk(caller.key, { nftData: validCollection({ Title: "Brand New Otter" }), perkData: [] });
    expect(Number(await lastDoc())).toBe(Number(before) + 1);
  });

  it("apply the queue in order: a doc changed twice ends with its last terms", async () => {
    await applyAll();
    const id = ids[1]!;
    await createOk(caller.key, { nftData: validCollection({ PlatformNFTId: id, Title: "Quokka", Version: 1 }), perkData: [] });
    await createOk(caller.key, { nftData: validCollection({ PlatformNFTId: id, Title: "Quoll", Version: 2 }), perkData: [] });
    const db = await getDb();
    const count = async (text: string) => (await bitmapCounts(db, bitmapQuery({ text })))!.title;
    expect([await count("quokka"), await count("quoll"), await count("qu")]).toEqual([0, 1, 1]);
    await applyAll();
    expect([await count("quokka"), await count("quoll"), await count("qu")]).toEqual([0, 1, 1]);
  });

  it("do not answer what they cannot count exactly", async () => {
    const db = await getDb();
    // Words that are not what PostgreSQL parses the tsquery into.
    expect(await bitmapCounts(db, { words: ["otters"], tsQuery: "otters:* & river:*" })).toBeNull();
    // Too many queued changes: counts read rows until the apply catches up.
    await queryRows(
      db,
      sql`INSERT INTO search_bitmap_changes (doc, old_terms, new_terms)
          SELECT -1 - n, NULL, ARRAY['a:zzz'] FROM generate_series(1, ${MAX_PENDING_CHANGES + 1}) AS n`,
    );
    expect(await bitmapCounts(db, bitmapQuery({ text: "otters" }))).toBeNull();
    await queryRows(db, sql`DELETE FROM search_bitmap_changes WHERE doc < 0 RETURNING 1`);
    // Not built: counts read rows, and a build starts in the background.
    await queryRows(db, sql`UPDATE search_bitmaps_state SET built_at = NULL RETURNING 1`);
    expect(await bitmapCounts(db, bitmapQuery({ text: "otters" }))).toBeNull();
    await expect
      .poll(
        async () =>
          (await queryRows<{ built: boolean }>(db, sql`SELECT built_at IS NOT NULL AS built FROM search_bitmaps_state`))[0]!.built,
        {
          timeout: 20_000,
        },
      )
      .toBe(true);
    await expectExactCounts();
  });
});
