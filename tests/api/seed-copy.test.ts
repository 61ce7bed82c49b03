import { faker } from "@faker-js/faker";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureDemoAccount } from "@/lib/auth/demo-account";
import { copyCollections } from "@/lib/collections/copy-collections";
import { insertCollections, type NewCollection } from "@/lib/collections/refresh";
import { copyTransaction, getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { buildSearchBitmaps } from "@/lib/search/bitmaps";
import { teamManagers } from "@/lib/teams/server/teams";
import { demoCollections } from "@/scripts/seed/demo-data";
import { newCaller, search } from "../support/api";

// The seed loads its batches with COPY (copyCollections); the API's insert stores the same
// collections row for row. Twice the same demo collections, ids apart: "i…" by insert, "c…" by COPY
// (ties in a search go by id, so twins list in the same order).
const COUNT = 16;

async function demoBatch(prefix: string): Promise<NewCollection[]> {
  const owner = await ensureDemoAccount();
  const managers = await teamManagers(await getDb(), owner.teamId);
  faker.seed(47);
  const next = demoCollections("http://localhost:3999");
  const now = Date.UTC(2026, 10, 28);
  return Array.from({ length: COUNT }, (_, index) => {
    const { data, perks, lastmodified, createdAt } = next(now);
    const id = `${prefix}${String(index).padStart(3, "0")}`;
    return {
      id,
      data,
      teamId: owner.teamId,
      managers,
      lastmodified,
      createdAt,
      perks: perks.map((perk, position) => ({ id: `${id}-${position}`, data: perk })),
    };
  });
}

/** Rows of `table` whose id starts with `prefix`, by the rest of the id, without `omit`'s columns; ids inside values made prefix-free. */
async function rowsOf(table: string, prefix: string, omit: string[]): Promise<Map<string, unknown>> {
  const rows = await queryRows<{ id: string; row: Record<string, unknown> }>(
    await getDb(),
    sql`SELECT id, to_jsonb(t) AS row FROM ${sql.identifier(table)} t WHERE id LIKE ${`${prefix}%`}`,
  );
  const unprefixed = (value: unknown) => JSON.parse(JSON.stringify(value).replaceAll(new RegExp(`"${prefix}(\\d{3})`, "g"), '"$1'));
  return new Map(
    rows.map(({ id, row }) => [
      id.slice(prefix.length),
      unprefixed(Object.fromEntries(Object.entries(row).filter(([name]) => !omit.includes(name)))),
    ]),
  );
}

let copiedBatch: NewCollection[];

beforeAll(async () => {
  await insertCollections(await getDb(), await demoBatch("i"), { bulkLoad: true });
  copiedBatch = await demoBatch("c");
  await copyCollections(copiedBatch);
  await buildSearchBitmaps();
}, 60_000);

describe("a seed batch loaded with COPY", () => {
  it("stores the collections, perks and search rows the API's insert stores", async () => {
    const tables: [string, string[]][] = [
      ["collections", ["id"]],
      ["perks", ["id"]],
      ["collection_search", ["id", "doc"]],
      ["collection_search_titles", ["id", "doc"]],
      ["perk_search", ["id"]],
    ];
    for (const [table, omit] of tables) {
      const inserted = await rowsOf(table, "i", omit);
      const copied = await rowsOf(table, "c", omit);
      expect(inserted.size, table).toBeGreaterThanOrEqual(COUNT);
      expect(copied, table).toEqual(inserted);
    }
    const [perks] = await queryRows<{ n: number }>(await getDb(), sql`SELECT count(*)::int AS n FROM perks WHERE id LIKE 'c%'`);
    expect(perks!.n).toBeGreaterThan(COUNT);
  });

  it("finds each copied collection where it finds its inserted twin", async () => {
    const caller = await newCaller();
    for (const collection of copiedBatch.slice(0, 3)) {
      const response = await search(caller.key, { query: collection.data.Title });
      expect(response.status).toBe(200);
      const ids = ((await response.json()) as { Docs: { PlatformNFTId: string }[] }).Docs.map((doc) => doc.PlatformNFTId);
      const copied = ids.filter((id) => id.startsWith("c")).map((id) => id.slice(1));
      expect(copied).toContain(collection.id.slice(1));
      expect(copied).toEqual(ids.filter((id) => id.startsWith("i")).map((id) => id.slice(1)));
    }
  });

  it("stores text, JSON and arrays with the characters COPY escapes as they were sent", async () => {
    const odd = 'back\\slash \\N tab\t newline\n return\r "quoted" {braced,} \u00e9';
    const rows = [
      ["plain", { text: odd, list: [1, "two"] }, [odd, "", "NULL", "a,b"], 1],
      [odd, null, [], null],
    ];
    const stored = await copyTransaction(async (tx) => {
      await tx.execute(sql`CREATE TEMP TABLE copied (t text, j jsonb, a text[], n int) ON COMMIT DROP`);
      await tx.copy("copied", ["t", "j", "a", "n"], rows);
      return tx.execute<{ t: string; j: unknown; a: string[]; n: number | null }>(sql`SELECT t, j, a, n FROM copied ORDER BY n NULLS LAST`);
    });
    expect(stored.map((row) => [row.t, row.j, row.a, row.n])).toEqual(rows);
  });
});
