import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";

/**
 * The sitemap's reads at scale: `--count` collections (1,000,000 by default) stored straight in
 * SQL in a PostgreSQL database of their own (created once, reused while it holds that many), then
 * the index's one pass over the primary key and a collection file from the middle of the list,
 * each `--samples` times, beside a `SELECT 1` round trip for scale. Prints the median and the
 * plans; timings are reported, never asserted. The search tables are left empty: the sitemap
 * reads `collections` alone.
 */
const { values } = parseArgs({
  options: {
    "database-url": { type: "string", default: "postgres://postgres@127.0.0.1:5432/uds_bench_sitemap" },
    count: { type: "string", default: "1000000" },
    samples: { type: "string", default: "5" },
  },
});
const count = Number(values.count);
const samples = Number(values.samples);

const target = new URL(values["database-url"]!);
const admin = new URL(target);
admin.pathname = "/postgres";
const client = new pg.Client({ connectionString: admin.toString() });
await client.connect();
const name = target.pathname.slice(1).replace(/"/g, "");
if ((await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])).rowCount === 0)
  await client.query(`CREATE DATABASE "${name}"`);
await client.end();
process.env.DATABASE_URL = target.toString();

// Imported once DATABASE_URL names the bench's database: opening the store migrates it.
const { closeDb, getDb } = await import("@/lib/db/client");
const { queryRows } = await import("@/lib/db/queries");
const { collectionFileStarts, collectionsFrom, SITEMAP_URLS } = await import("@/lib/syndication/sitemap-store");
const { collectionFilePath, collectionUrls, sitemapFile, sitemapIndex } = await import("@/lib/syndication/sitemap-xml");

const db = await getDb();
const [stored] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM collections`);
if (stored!.n !== count) {
  console.error(`Storing ${count.toLocaleString("en-US")} collections…`);
  await db.execute(sql`TRUNCATE collections CASCADE`);
  await db.execute(sql`INSERT INTO teams (id, name) VALUES ('bench-sitemap', 'Bench') ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    INSERT INTO collections (id, data, team_id, managers, lastmodified)
    SELECT md5(n::text), jsonb_build_object('Title', 'Bench ' || n, 'ContractChain', 'Base'), 'bench-sitemap', '{}', 1700000000000 + n
      FROM generate_series(1, ${count}) AS n`);
  await db.execute(sql`VACUUM ANALYZE collections`);
}

async function median(run: () => Promise<unknown>): Promise<number> {
  await run(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

const starts = await collectionFileStarts();
const middle = starts[Math.floor(starts.length / 2)]!;
const origin = "https://uds.example.com";
const figures = {
  "SELECT 1": await median(() => db.execute(sql`SELECT 1`)),
  "index: file starts (store)": await median(() => collectionFileStarts()),
  "index: file starts + XML": await median(async () =>
    sitemapIndex((await collectionFileStarts()).map((start) => origin + collectionFilePath(start))),
  ),
  "middle file (store)": await median(() => collectionsFrom(middle)),
  "middle file + XML": await median(async () => sitemapFile(collectionUrls(origin, await collectionsFrom(middle)))),
};
const explain = async (query: ReturnType<typeof sql>) =>
  (await queryRows<{ "QUERY PLAN": string }>(db, sql`EXPLAIN (ANALYZE, BUFFERS) ${query}`)).map((row) => row["QUERY PLAN"]).join("\n");

console.log(
  `${count.toLocaleString("en-US")} collections, ${starts.length} files of ${SITEMAP_URLS.toLocaleString("en-US")}, ${samples} samples`,
);
for (const [label, ms] of Object.entries(figures))
  console.log(`${label.padEnd(28)} ${ms.toFixed(1).padStart(9)} ms  (×${(ms / figures["SELECT 1"]).toFixed(0)} SELECT 1)`);
console.log(
  "\nIndex plan:\n" +
    (await explain(sql`WITH RECURSIVE starts(id) AS ((SELECT id FROM collections ORDER BY id LIMIT 1) UNION ALL
      SELECT (SELECT c.id FROM collections c WHERE c.id >= s.id ORDER BY c.id OFFSET ${SITEMAP_URLS} LIMIT 1) FROM starts s WHERE s.id IS NOT NULL)
      SELECT id FROM starts WHERE id IS NOT NULL`)),
);
console.log(
  "\nFile plan:\n" + (await explain(sql`SELECT id, lastmodified FROM collections WHERE id >= ${middle} ORDER BY id LIMIT ${SITEMAP_URLS}`)),
);
await closeDb();
