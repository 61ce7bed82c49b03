import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { type Caller, newCaller, search } from "../support/api";
import { applySearchBitmapQueue } from "../support/many-collections";

// A broad title word (more matches than are ranked in full) whose titles have 2 to 5 words: its
// pages are read segment by segment of the title order (one number of title words at a time).
process.env.SEARCH_CACHE_MS = "0";

const STORED = 1_200;
let caller: Caller;

beforeAll(async () => {
  caller = await newCaller();
  const db = await getDb();
  await db.execute(sql`
    INSERT INTO collections (id, data, team_id, managers, lastmodified, categories)
    SELECT 'o' || lpad(n::text, 6, '0'),
           jsonb_build_object('Title', 'Otter ' || (ARRAY['', 'Bay ', 'Bay Cove ', 'Bay Cove Dune '])[n % 4 + 1] || 'x' || n,
                              'ContractChain', 'Base', 'Creator', 'Holt'),
           ${caller.teamId}, ARRAY[${caller.userId}]::text[], 1700000000000 + (n % 37), '{}'
      FROM generate_series(1, ${STORED}) AS n`);
  // Matches outside the title come after every title match.
  await db.execute(sql`
    INSERT INTO collections (id, data, team_id, managers, lastmodified, categories)
    SELECT 'p' || lpad(n::text, 6, '0'),
           jsonb_build_object('Title', 'Plain ' || n, 'ContractChain', 'Base', 'Creator', 'Otterworks'),
           ${caller.teamId}, ARRAY[${caller.userId}]::text[], 1700000000000 + (n % 11), '{}'
      FROM generate_series(1, 30) AS n`);
  // A small match set (ranked in full unless the title matches fill the page): 45 titles, 12 creators.
  await db.execute(sql`
    INSERT INTO collections (id, data, team_id, managers, lastmodified, categories)
    SELECT 's' || lpad(n::text, 6, '0'),
           jsonb_build_object('Title', CASE WHEN n <= 45 THEN 'Seal ' || (ARRAY['', 'Rock ', 'Rock Tide '])[n % 3 + 1] || 'y' || n ELSE 'Harbor ' || n END,
                              'ContractChain', 'Base', 'Creator', CASE WHEN n <= 45 THEN 'Holt' ELSE 'Sealworks' END),
           ${caller.teamId}, ARRAY[${caller.userId}]::text[], 1700000000000 + (n % 13), '{}'
      FROM generate_series(1, 57) AS n`);
  await db.execute(sql`INSERT INTO collection_search SELECT * FROM collection_search_source`);
  await applySearchBitmapQueue();
}, 60_000);

async function expectedOrder(word = "otter"): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    await getDb(),
    sql`(SELECT id, 0 AS part, title_words, lastmodified FROM collection_search_titles WHERE title_tsv @@ to_tsquery('simple', ${`${word}:*`}))
        UNION ALL
        (SELECT id, 1, 0, lastmodified FROM collection_search
          WHERE search_tsv @@ to_tsquery('simple', ${`${word}:*`}) AND NOT title_tsv @@ to_tsquery('simple', ${`${word}:*`}))
        ORDER BY part, title_words, lastmodified DESC, id`,
  );
  return rows.map((row) => row.id);
}

async function pagedIds(pageSize: number, pages: number, query = "otter"): Promise<string[]> {
  const seen: string[] = [];
  for (let pageNum = 1; pageNum <= pages; pageNum += 1) {
    const response = await search(caller.key, { query, pageSize, pageNum });
    const body = (await response.json()) as { NumPages: number; Docs: { PlatformNFTId: string }[] };
    expect(body.NumPages).toBe(pages);
    seen.push(...body.Docs.map((doc) => doc.PlatformNFTId));
  }
  return seen;
}

describe("title-ordered pages of a broad word", () => {
  it("are the title order, fewest title words first, then the other matches, with no overlap or gap", async () => {
    const expected = await expectedOrder();
    expect(expected).toHaveLength(STORED + 30);
    for (const pageSize of [100, 7]) expect(await pagedIds(pageSize, Math.ceil(expected.length / pageSize))).toEqual(expected);
  });

  it("of a small match set are the same whether the title matches fill the page (read by segment) or not (ranked in full)", async () => {
    const expected = await expectedOrder("seal");
    expect(expected).toHaveLength(57);
    // Pages of 7 inside the 45 title matches are read by segment; the page across them and pages of 100 rank every match.
    for (const pageSize of [100, 7, 1]) expect(await pagedIds(pageSize, Math.ceil(expected.length / pageSize), "seal")).toEqual(expected);
  });

  it("are the same read in one piece when the bitmaps have no title segments", async () => {
    await (await getDb()).execute(sql`DELETE FROM search_bitmaps WHERE term LIKE 'w:%'`);
    const expected = await expectedOrder();
    expect(await pagedIds(100, Math.ceil(expected.length / 100))).toEqual(expected);
  });

  it("walk an index that holds each title's words (verified titles first), so the walk reads no table row on all-visible pages", async () => {
    const [index] = await queryRows<{ definition: string }>(
      await getDb(),
      sql`SELECT indexdef AS definition FROM pg_indexes WHERE indexname = 'collection_search_titles_order_idx'`,
    );
    expect(index?.definition).toMatch(/\(title_words, verified DESC NULLS LAST, lastmodified DESC NULLS LAST, id\) INCLUDE \(title_tsv\)$/);
  });
});
