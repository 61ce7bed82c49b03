import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** A tarball of an embedded store with every migration applied; unset on PostgreSQL. */
    pgliteSnapshot: string | undefined;
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
    return;
  }
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
