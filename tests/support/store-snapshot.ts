import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** A tarball of an embedded store with every migration applied; unset on PostgreSQL. */
    pgliteSnapshot: string | undefined;
    /** A migrated database on the DATABASE_URL server that each file's database is copied from. */
    postgresTemplate: string | undefined;
  }
}

const ROOT = path.join(import.meta.dirname, "../..");
const MIGRATIONS = path.join(ROOT, "lib/db/migrations");

/** What the snapshot is made of: every migration file and PGlite's version. */
function snapshotKey(): string {
  const hash = createHash("sha256");
  hash.update(JSON.parse(readFileSync(path.join(ROOT, "node_modules/@electric-sql/pglite/package.json"), "utf8")).version);
  for (const folder of [MIGRATIONS, path.join(MIGRATIONS, "meta")]) {
    for (const name of readdirSync(folder).sort()) {
      if (name.endsWith(".sql") || name.endsWith(".json")) hash.update(name).update(readFileSync(path.join(folder, name)));
    }
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * Migrates one embedded store before the files run and hands its tarball to each file's fresh
 * store (PGLITE_SNAPSHOT): a new PGlite runs `initdb` and then every migration, ~5.6 s a file on
 * the 2-core machine, where loading the tarball takes ~2.3 s. The tarball is kept in
 * node_modules/.cache under a name that changes with any migration or PGlite version, so a run of
 * one file does not migrate again. The migrations themselves are still run from empty by the
 * snapshot and by the tests of single migrations.
 */
export default async function setup(project: TestProject): Promise<void> {
  if (process.env.DATABASE_URL) {
    project.provide("pgliteSnapshot", undefined);
    project.provide("postgresTemplate", await postgresTemplate(process.env.DATABASE_URL));
    return;
  }
  project.provide("postgresTemplate", undefined);
  const folder = path.join(ROOT, "node_modules/.cache/uds-test");
  const file = path.join(folder, `pglite-${snapshotKey()}.tar`);
  if (!existsSync(file)) {
    mkdirSync(folder, { recursive: true });
    const store = await PGlite.create();
    try {
      await migrate(drizzle({ client: store }), { migrationsFolder: MIGRATIONS });
      const dump = await store.dumpDataDir("none");
      // Written aside and renamed, so a run stopped halfway never leaves half a tarball under the name.
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
      // Snapshots of earlier migrations are not used again.
      for (const name of readdirSync(folder)) if (name !== path.basename(file)) rmSync(path.join(folder, name), { force: true });
    } finally {
      await store.close();
    }
  }
  project.provide("pgliteSnapshot", file);
}

/**
 * The same on PostgreSQL: one database migrated from empty, kept on the server under a name made
 * from the migrations, that each file's database is created from (`CREATE DATABASE … TEMPLATE`):
 * ~2 s of migrations a file on the 2-core machine, where the copy takes ~0.1 s.
 */
async function postgresTemplate(serverUrl: string): Promise<string> {
  const name = `uds_test_template_${snapshotKey()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(`DATABASE_URL is set but PostgreSQL is unreachable at ${serverUrl}: ${(error as Error).message}`);
  }
  try {
    const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (rowCount) return name;
    // Migrated under another name and renamed, so a run stopped halfway never leaves a half-migrated template.
    const partial = `${name}_${process.pid}`;
    await admin.query(`CREATE DATABASE ${partial}`);
    const url = new URL(serverUrl);
    url.pathname = `/${partial}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      await migratePostgres(drizzlePostgres({ client }), { migrationsFolder: MIGRATIONS });
    } finally {
      await client.end();
    }
    try {
      await admin.query(`ALTER DATABASE ${partial} RENAME TO ${name}`);
    } catch (error) {
      // Another run made the same template meanwhile: theirs is as good.
      await admin.query(`DROP DATABASE ${partial}`);
      const { rowCount: made } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
      if (!made) throw error;
    }
    // Templates of earlier migrations are not used again; one still being copied is left for later.
    const { rows } = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'uds\\_test\\_template\\_%' AND datname <> $1",
      [name],
    );
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname}`).catch(() => {});
    return name;
  } finally {
    await admin.end();
  }
}
