import fs from "node:fs";
import path from "node:path";
import { faker } from "@faker-js/faker";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getCollectionRecord } from "@/lib/collections/read";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { deferIndexes } from "@/lib/db/deferred-indexes";
import { CATEGORIES } from "@/lib/schemas/category-list";
import { createRequestSchema } from "@/lib/schemas/create-request";
import { seedCollections } from "@/scripts/seed/seed";

const COUNT = 120;
let progress: number[] = [];

beforeAll(async () => {
  faker.seed(7);
  await seedCollections(COUNT, { stored: (done) => progress.push(done), imageOrigin: "http://localhost:3999" });
}, 60_000);

describe("demo data", () => {
  it("uses pictures the app serves itself (public/demo/), never a third-party host", async () => {
    const db = await getDb();
    const images = await queryRows<{ image: string }>(db, sql`SELECT DISTINCT data->>'ImagePic' AS image FROM collections`);
    expect(images.length).toBeGreaterThan(1);
    for (const { image } of images) {
      expect(image).toMatch(/^http:\/\/localhost:3999\/demo\/collection-\d+\.svg$/);
      expect(fs.existsSync(path.join("public", new URL(image).pathname))).toBe(true);
    }
  });

  it("stores the requested number of collections and reports progress up to it", async () => {
    const db = await getDb();
    const [row] = await queryRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM collections`);
    expect(row?.total).toBe(COUNT);
    expect(progress.at(-1)).toBe(COUNT);
    progress = [];
  });

  it("gives each collection 0 to 6 perks and uses all 18 categories", async () => {
    const db = await getDb();
    const counts = await queryRows<{ n: number }>(db, sql`SELECT cardinality(perk_ids) AS n FROM collections`);
    const perkCounts = new Set(counts.map((row) => row.n));
    expect(Math.min(...perkCounts)).toBe(0);
    expect(Math.max(...perkCounts)).toBe(6);
    const tags = await queryRows<{ tag: string }>(db, sql`SELECT DISTINCT unnest(categories) AS tag FROM collections`);
    expect(new Set(tags.map((row) => row.tag))).toEqual(new Set(CATEGORIES));
  });

  it("varies titles, chains and creators", async () => {
    const db = await getDb();
    const [row] = await queryRows<{ titles: number; chains: number; creators: number }>(
      db,
      sql`SELECT count(DISTINCT data->>'Title')::int AS titles, count(DISTINCT data->>'ContractChain')::int AS chains,
                 count(DISTINCT data->>'Creator')::int AS creators FROM collections`,
    );
    expect(row!.titles).toBeGreaterThan(COUNT * 0.9);
    expect(row!.chains).toBeGreaterThanOrEqual(8);
    expect(row!.creators).toBeGreaterThan(COUNT * 0.9);
  });

  it("produces records the API itself accepts when sent back", async () => {
    const db = await getDb();
    const ids = await queryRows<{ id: string }>(db, sql`SELECT id FROM collections ORDER BY cardinality(perk_ids) DESC LIMIT 10`);
    for (const { id } of ids) {
      const record = await getCollectionRecord(id);
      expect(createRequestSchema.safeParse(record).success).toBe(true);
    }
  });

  it("leaves the search tables vacuumed: every page all-visible, as index-only scans need", async () => {
    const db = await getDb();
    const tables = await queryRows<{ name: string; pages: number; visible: number }>(
      db,
      sql`SELECT relname AS name, relpages AS pages, relallvisible AS visible FROM pg_class
           WHERE relname IN ('perk_search', 'collection_search', 'collection_search_titles') ORDER BY 1`,
    );
    expect(tables.map((table) => table.name)).toEqual(["collection_search", "collection_search_titles", "perk_search"]);
    for (const table of tables) {
      expect(table.pages, table.name).toBeGreaterThan(0);
      expect(table.visible, table.name).toBe(table.pages);
    }
  });

  it("builds again, with their definitions, the indexes and foreign keys a load dropped, also after an interrupted load", async () => {
    const db = await getDb();
    const indexes = () =>
      queryRows<{ name: string; definition: string }>(
        db,
        sql`SELECT indexname AS name, indexdef AS definition FROM pg_indexes
             WHERE tablename IN ('collections', 'collection_search', 'collection_search_titles', 'perk_search') ORDER BY 1`,
      );
    const keys = () =>
      queryRows<{ name: string; definition: string }>(
        db,
        sql`SELECT conname AS name, conrelid::regclass::text || ' ' || pg_get_constraintdef(oid) AS definition FROM pg_constraint
             WHERE contype = 'f' AND conrelid::regclass::text IN ('perks', 'collection_search', 'collection_search_titles', 'perk_search') ORDER BY 1`,
      );
    const before = await indexes();
    const keysBefore = await keys();
    expect(before.map((index) => index.name)).toEqual(expect.arrayContaining(["collection_search_text_idx", "perk_search_place_idx"]));
    expect(keysBefore.map((key) => key.name)).toEqual(
      expect.arrayContaining(["perks_collection_id_collections_id_fk", "perk_search_id_perks_id_fk"]),
    );
    // As a load that stopped after dropping them leaves the store.
    const dropped = await deferIndexes(db);
    expect(dropped).toEqual(expect.arrayContaining(["collection_search_text_idx", "perk_search_id_perks_id_fk"]));
    expect((await indexes()).length + (await keys()).length).toBe(before.length + keysBefore.length - dropped.length);
    expect(await keys()).toEqual([]);
    const listed = await queryRows<{ name: string }>(db, sql`SELECT name FROM deferred_indexes ORDER BY 1`);
    expect(listed.map((row) => row.name)).toEqual([...dropped].sort());

    await seedCollections(1);
    expect(await indexes()).toEqual(before);
    expect(await keys()).toEqual(keysBefore);
    expect(await queryRows(db, sql`SELECT name FROM deferred_indexes`)).toEqual([]);
    // The keys hold again: a perk of no collection is refused.
    const orphan = await db
      .execute(sql`INSERT INTO perks (id, collection_id, position, data) VALUES ('orphan', 'no-such-collection', 0, '{}')`)
      .then(
        () => null,
        (error: Error) => error.cause,
      );
    expect(String(orphan)).toMatch(/foreign key/);
  });
});
