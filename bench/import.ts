import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import pg from "pg";
import { toCreateRequests, toCsv, type ExportedCollection } from "@/lib/import-export/export-shapes";
import type { CollectionFields } from "@/lib/schemas/collection";
import type { PerkFields } from "@/lib/schemas/perk";

/**
 * Imports of 10,000 perks (1,000 new collections of 10 perks, then the same 1,000 edited through
 * their Versions) timed through `npm run import`, as an operator runs it, on PostgreSQL (the
 * database is created when missing and emptied first) or the embedded store. Timings are
 * reported, never asserted.
 */
const { values } = parseArgs({
  options: {
    collections: { type: "string", default: "1000" },
    perks: { type: "string", default: "10" },
    "database-url": { type: "string", default: "postgres://postgres@127.0.0.1:5432/uds_bench_f15i_import" },
    pglite: { type: "boolean", default: false },
  },
});
const collectionCount = Number(values.collections);
const perksEach = Number(values.perks);
const DIR = ".data/bench/import";
mkdirSync(DIR, { recursive: true });

async function freshDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1).replace(/"/g, "");
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}"`);
  await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
}

const env: NodeJS.ProcessEnv = { ...process.env };
if (values.pglite) {
  delete env.DATABASE_URL;
  env.PGLITE_DIR = `${DIR}/pglite-${Date.now()}`;
} else {
  await freshDatabase(values["database-url"]);
  env.DATABASE_URL = values["database-url"];
}

const data = (index: number): CollectionFields => ({
  Title: `Bench Otters ${index}`,
  ContractChain: "Ethereum",
  CollectionDescription: `Collection ${index} of the import benchmark, with a sentence or two of text to search.`,
  Website: `https://bench.example.com/${index}`,
  ReleaseStatus: "Available",
  floorPrice: "0.25",
});
const perk = (index: number, position: number): PerkFields => ({
  ShortDescription: `Perk ${position} of collection ${index}: a hoodie, a party or a discount`,
  LongDescription: "Every holder gets it once a year, anywhere in the world.",
  Tags: position % 2 ? ["Merch", "Apparel"] : ["Events"],
  Site: `https://bench.example.com/${index}/perks/${position}`,
  Status: "Upcoming",
  OneTime: position % 3 === 0,
  TokensRequired: 1,
});

/** The CSV has no ids (new collections); its rows are the export's rows without the id columns' values. */
const fresh: ExportedCollection[] = Array.from({ length: collectionCount }, (_, index) => ({
  id: "",
  version: 0,
  data: data(index),
  perks: Array.from({ length: perksEach }, (_, position) => ({ id: "", data: perk(index, position) })),
}));
const csv = toCsv(fresh).replace(/^,0,/gm, ",,");
writeFileSync(`${DIR}/new.csv`, csv);

function timedImport(file: string, email: string): { seconds: number; line: string } {
  const started = performance.now();
  const stdout = execFileSync("npx", ["tsx", "--conditions=react-server", "scripts/import.ts", file, "--email", email], {
    env,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  return { seconds: (performance.now() - started) / 1000, line: stdout.trim() };
}

const where = values.pglite ? "PGlite" : "PostgreSQL";
const perkTotal = collectionCount * perksEach;
console.log(`Import benchmark on ${where}: ${collectionCount} collections × ${perksEach} perks = ${perkTotal} perks`);
const created = timedImport(`${DIR}/new.csv`, "bench-import@example.com");
console.log(
  `create from CSV (${(csv.length / 1024 / 1024).toFixed(1)} MB): ${created.seconds.toFixed(1)} s for the whole command; ${created.line}`,
);

// The same collections as an export would write them, edited through their Versions.
const read = values.pglite ? null : new pg.Client({ connectionString: values["database-url"] });
if (read) {
  await read.connect();
  const rows = await read.query<{ id: string; version: number; data: CollectionFields; perks: { id: string; data: PerkFields }[] }>(
    `SELECT c.id, c.version, c.data,
            (SELECT json_agg(json_build_object('id', p.id, 'data', p.data) ORDER BY p.position) FROM perks p WHERE p.collection_id = c.id) AS perks
       FROM collections c ORDER BY c.id`,
  );
  await read.end();
  const edits = rows.rows.map((row) => ({ ...row, data: { ...row.data, Title: `${row.data.Title} (edited)` } }));
  writeFileSync(`${DIR}/edits.json`, JSON.stringify(toCreateRequests(edits)));
  const edited = timedImport(`${DIR}/edits.json`, "bench-import@example.com");
  console.log(`edit from JSON export: ${edited.seconds.toFixed(1)} s for the whole command; ${edited.line}`);
}
