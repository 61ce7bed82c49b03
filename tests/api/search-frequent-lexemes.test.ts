import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb, getSearchDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { refreshFrequentLexemes } from "@/lib/search/frequent-lexemes";
import { type Caller, newCaller, search } from "../support/api";
import { storeManyCollections } from "../support/many-collections";

// Every search computed, none reused: the statements each one sends are what is checked. Counts
// from the search bitmaps would skip every count statement: this file is about reading rows.
process.env.SEARCH_CACHE_MS = "0";
process.env.SEARCH_BITMAPS = "0";

/** Just past the window: 10,030 collections titled "Lantern …", made by "Wick Works". */
const STORED = 10_030;

let caller: Caller;

beforeAll(async () => {
  caller = await newCaller();
  await storeManyCollections({ idPrefix: "l", title: "Lantern", creator: "Wick Works", count: STORED, managerId: caller.userId });
  expect(await refreshFrequentLexemes()).toBe(true);
}, 120_000);

const writes = async () => {
  const [row] = await queryRows<{ n: string | number }>(await getDb(), sql`SELECT last_value AS n FROM collection_search_writes`);
  return Number(row!.n);
};

/** Searches, and tells whether any statement counted all matches (the bounded count over `collection_search`). */
async function searchCounting(params: Record<string, string | number>) {
  const db = (await getSearchDb()) as unknown as { $client: { query: (...args: unknown[]) => unknown } };
  const spy = vi.spyOn(db.$client, "query");
  const textOf = (statement: unknown) => (typeof statement === "string" ? statement : String((statement as { text?: unknown })?.text));
  try {
    const response = await search(caller.key, params);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { NumPages: number; Docs: { PlatformNFTId: string }[] };
    const counted = spy.mock.calls.some(([statement]) =>
      /count\(\*\) FROM \(SELECT 1 FROM "collection_search" WHERE/.test(textOf(statement)),
    );
    const titleCounted = spy.mock.calls.some(([statement]) =>
      /count\(\*\) FROM \(SELECT 1 FROM "collection_search_titles" WHERE/.test(textOf(statement)),
    );
    return { ...body, counted, titleCounted };
  } finally {
    spy.mockRestore();
  }
}

describe("frequent lexemes: counts known to fill the window are skipped", () => {
  it("keeps the words of at least 10,000 collections", async () => {
    const rows = await queryRows<{ word: string; ndoc: number }>(await getDb(), sql`SELECT word, ndoc FROM frequent_lexemes ORDER BY word`);
    expect(rows).toEqual([
      { word: "lantern", ndoc: STORED },
      { word: "wick", ndoc: STORED },
      { word: "works", ndoc: STORED },
    ]);
    const titles = await queryRows<{ word: string; ndoc: number }>(await getDb(), sql`SELECT word, ndoc FROM frequent_title_lexemes`);
    expect(titles).toEqual([{ word: "lantern", ndoc: STORED }]);
  });

  // A title word settles both counts; a word only in the creator still has its title matches counted.
  it.each([
    ["lantern", false],
    ["lant", false],
    ["wick", true],
    ["wo", true],
  ])("answers 500 pages for %s without counting all matches", async (query, titleCounted) => {
    const first = await searchCounting({ query });
    expect(first).toMatchObject({ NumPages: 500, counted: false, titleCounted });
    expect(first.Docs).toHaveLength(20);
    const last = await searchCounting({ query, pageNum: 500 });
    expect(last).toMatchObject({ NumPages: 500, counted: false, titleCounted });
    expect(last.Docs).toHaveLength(20);
  });

  it("counts facets over the first 10,000 matches only, without the search bitmaps", async () => {
    const response = await search(caller.key, { query: "lantern", facets: "chain" });
    expect(((await response.json()) as { Facets: { chain: Record<string, number> } }).Facets.chain).toEqual({ Base: 10_000 });
  });

  it("still counts what the snapshot cannot settle: two words, a category, a rare word", async () => {
    expect(await searchCounting({ query: "lantern wick" })).toMatchObject({ NumPages: 500, counted: true });
    expect(await searchCounting({ query: "wick", category: "Voting" })).toMatchObject({ NumPages: 0, counted: true });
    expect(await searchCounting({ query: "lanterns" })).toMatchObject({ NumPages: 0, counted: true });
  });

  it("counts again once deletes since the snapshot could have taken a word below the window", async () => {
    const db = await getDb();
    const before = await writes();
    // Deletes cascade from collections to their search rows, whose triggers count them.
    await db.execute(sql`DELETE FROM collections WHERE id IN (SELECT 'l' || lpad(n::text, 6, '0') FROM generate_series(1, 20) AS n)`);
    expect(await writes()).toBe(before + 20);
    // 10,010 left, and at least 10,030 - 20 known: still the window, still not counted.
    expect(await searchCounting({ query: "lantern" })).toMatchObject({ NumPages: 500, counted: false, titleCounted: false });

    await db.execute(sql`DELETE FROM collections WHERE id IN (SELECT 'l' || lpad(n::text, 6, '0') FROM generate_series(21, 100) AS n)`);
    expect(await writes()).toBe(before + 100);
    // 9,930 left: 497 pages, the last with 10, found by counting.
    const last = await searchCounting({ query: "lantern", pageNum: 497 });
    expect(last).toMatchObject({ NumPages: 497, counted: true, titleCounted: true });
    expect(last.Docs).toHaveLength(10);

    // A new snapshot knows the word is below the window, and it is counted from then on.
    expect(await refreshFrequentLexemes()).toBe(true);
    expect(await searchCounting({ query: "lantern" })).toMatchObject({ NumPages: 497, counted: true });
  });

  it("counts every row an upsert writes, inserted or updated", async () => {
    const db = await getDb();
    const before = await writes();
    await db.execute(sql`
      INSERT INTO collection_search SELECT * FROM collection_search_source WHERE id IN ('l000101', 'l000102', 'l000103')
      ON CONFLICT (id) DO UPDATE SET lastmodified = excluded.lastmodified`);
    expect(await writes()).toBe(before + 3);
  });
});
