import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, getSearchDb } from "@/lib/db/client";
import { queryReused, queryRows } from "@/lib/db/queries";
import { type Caller, createOk, newCaller, search, validCollection } from "../support/api";

// One search connection on PostgreSQL (PGlite has only one), so that the prepared statements read
// below through it are all the searches' own.
process.env.SEARCH_CONNECTIONS = "1";

/**
 * A search page whose plan is the same whatever the values (here: every match ranked, the word
 * only in descriptions) is prepared once per connection and run again with each page's values.
 */
let caller: Caller;
const WORD = "quollreuse";
const ids: string[] = [];

beforeAll(async () => {
  caller = await newCaller();
  for (let i = 0; i < 12; i += 1) {
    const body = { nftData: validCollection({ Title: `Plain ${i}`, CollectionDescription: `About ${WORD} number ${i}` }), perkData: [] };
    ids.push((await createOk(caller.key, body)).nftData.PlatformNFTId);
  }
});

type Prepared = { statement: string; generic_plans: string | number; custom_plans: string | number };

describe("reused search plans", () => {
  it("run a ranked page's statement as one prepared statement, with every page's own values", async () => {
    // Equal ranks go newest first: the reverse of creation.
    const newestFirst = [...ids].reverse();
    for (const pageSize of [2, 3, 4, 5, 6, 7, 8]) {
      for (const pageNum of [1, 2]) {
        const response = await search(caller.key, { query: WORD, pageSize, pageNum });
        expect(response.status).toBe(200);
        const body = (await response.json()) as { NumPages: number; Docs: { PlatformNFTId: string }[] };
        expect(body.NumPages).toBe(Math.ceil(12 / pageSize));
        const start = (pageNum - 1) * pageSize;
        expect(body.Docs.map((doc) => doc.PlatformNFTId)).toEqual(newestFirst.slice(start, start + pageSize));
      }
    }
    const prepared = await queryRows<Prepared>(
      await getSearchDb(),
      sql`SELECT statement, generic_plans, custom_plans FROM pg_prepared_statements WHERE statement LIKE '%AS rank%'`,
    );
    expect(prepared).toHaveLength(1);
    // So few matches are read by the doc numbers the bitmaps listed, not through the GIN index.
    expect(prepared[0]!.statement).toMatch(/"doc" = ANY\(\$\d+::integer\[\]\)/);
    const runs = Number(prepared[0]!.generic_plans) + Number(prepared[0]!.custom_plans);
    expect(runs).toBe(14);
  });

  it("name each statement text apart, so two texts never share a prepared statement", async () => {
    const db = await getDb();
    const plus = await queryReused<{ n: number }>(db, sql`SELECT ${2}::int + 1 AS n`);
    const times = await queryReused<{ n: number }>(db, sql`SELECT ${2}::int * 5 AS n`);
    const again = await queryReused<{ n: number }>(db, sql`SELECT ${7}::int + 1 AS n`);
    expect([plus[0]!.n, times[0]!.n, again[0]!.n]).toEqual([3, 10, 8]);
  });

  it("pass every value through as it is: quotes, backslashes, nulls and lists", async () => {
    const db = await getDb();
    const odd = "it's a \\ 'quote' -- ; $1";
    const [text] = await queryReused<{ s: string | null; t: string | null }>(db, sql`SELECT ${odd}::text AS s, ${null}::text AS t`);
    expect(text).toEqual({ s: odd, t: null });
    const [listed] = await queryReused<{ n: number }>(db, sql`SELECT cardinality(${sql.param(["a", "b'c"])}::text[]) AS n`);
    expect(Number(listed!.n)).toBe(2);
  });
});
