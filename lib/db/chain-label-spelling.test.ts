import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";

// A store written before chain labels were normalised on write holds "ethereum" beside
// "Ethereum": the migration gives every known label the chain table's spelling, so the browse
// menu and the chain filter see one chain, and leaves other labels, Versions and dates alone.
const MIGRATIONS = path.join(process.cwd(), "lib/db/migrations");
const SPELLING = "0020_chain_label_spelling";
const before = mkdtempSync(path.join(tmpdir(), "uds-migrations-"));
afterAll(() => rmSync(before, { recursive: true, force: true }));

function migrationsBeforeSpelling(): string {
  cpSync(MIGRATIONS, before, { recursive: true });
  const journalPath = path.join(before, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag === SPELLING);
  expect(cut).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  writeFileSync(journalPath, JSON.stringify(journal));
  return before;
}

const STORED: [string, string | null][] = [
  ["a", "ethereum"],
  ["b", "Ethereum"],
  ["c", " POLYGON "],
  ["d", "localhost"],
  ["e", "solana"],
  ["f", null],
];

describe("the chain label spelling migration", () => {
  it("stores known labels in the table's spelling, in the collections and their search rows", async () => {
    const store = await PGlite.create();
    const db = drizzle({ client: store });
    await migrate(db, { migrationsFolder: migrationsBeforeSpelling() });
    for (const [id, chain] of STORED) {
      const data = { Title: `Collection ${id}`, ...(chain === null ? {} : { ContractChain: chain }) };
      await store.query("INSERT INTO collections (id, data, managers, version, lastmodified) VALUES ($1, $2, '{}', 3, 1000)", [
        id,
        JSON.stringify(data),
      ]);
    }
    await store.exec(`INSERT INTO collection_search SELECT v.*, nextval('collection_search_docs') FROM collection_search_source v`);
    await store.exec("DELETE FROM search_bitmap_changes");

    await migrate(db, { migrationsFolder: MIGRATIONS });

    const rows = await store.query<{
      id: string;
      chain: string | null;
      search: string;
      title: string;
      version: number;
      lastmodified: string;
    }>(
      `SELECT c.id, c.data ->> 'ContractChain' AS chain, s.chain AS search, t.chain AS title, c.version, c.lastmodified::text
         FROM collections c JOIN collection_search s USING (id) JOIN collection_search_titles t USING (id) ORDER BY c.id`,
    );
    expect(rows.rows).toEqual([
      { id: "a", chain: "Ethereum", search: "Ethereum", title: "Ethereum", version: 3, lastmodified: "1000" },
      { id: "b", chain: "Ethereum", search: "Ethereum", title: "Ethereum", version: 3, lastmodified: "1000" },
      { id: "c", chain: "Polygon", search: "Polygon", title: "Polygon", version: 3, lastmodified: "1000" },
      { id: "d", chain: "Localhost", search: "Localhost", title: "Localhost", version: 3, lastmodified: "1000" },
      { id: "e", chain: "solana", search: "solana", title: "solana", version: 3, lastmodified: "1000" },
      { id: "f", chain: null, search: "", title: "", version: 3, lastmodified: "1000" },
    ]);
    // The search bitmaps follow: each changed row moves from its old chain term to the new one.
    const changes = await store.query<{ old: string[]; new: string[] }>(
      `SELECT array(SELECT t FROM unnest(old_terms) t WHERE t LIKE 'c:%') AS old, array(SELECT t FROM unnest(new_terms) t WHERE t LIKE 'c:%') AS new
         FROM search_bitmap_changes`,
    );
    expect(changes.rows).toHaveLength(3);
    expect(changes.rows).toEqual(
      expect.arrayContaining([
        { old: ["c:ethereum"], new: ["c:Ethereum"] },
        { old: ["c: POLYGON "], new: ["c:Polygon"] },
        { old: ["c:localhost"], new: ["c:Localhost"] },
      ]),
    );
    await store.close();
  }, 300_000);
});
