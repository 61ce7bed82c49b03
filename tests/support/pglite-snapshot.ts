import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
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

/**
 * Migrates one embedded store before the files run and hands its tarball to each file's fresh
 * store (PGLITE_SNAPSHOT): a new PGlite runs `initdb` and then every migration, ~5 s a file on
 * CI, where loading the tarball takes ~2 s. The migrations themselves are still run from empty
 * here, once a run, and by the tests of single migrations.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.DATABASE_URL) {
    project.provide("pgliteSnapshot", undefined);
    return () => {};
  }
  const folder = mkdtempSync(path.join(tmpdir(), "uds-pglite-snapshot-"));
  const file = path.join(folder, "migrated.tar");
  const store = await PGlite.create();
  try {
    await migrate(drizzle({ client: store }), { migrationsFolder: path.join(import.meta.dirname, "../../lib/db/migrations") });
    const dump = await store.dumpDataDir("none");
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await store.close();
  }
  project.provide("pgliteSnapshot", file);
  return () => rmSync(folder, { recursive: true, force: true });
}
