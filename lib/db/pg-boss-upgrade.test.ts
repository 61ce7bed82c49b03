import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { fromPglite, PgBoss } from "pg-boss";
import { afterAll, describe, expect, it } from "vitest";

// A store made before the queue moved to pg-boss 12 keeps its pending webhook deliveries: the
// migration moves every waiting or running job into the new schema, where pg-boss 12 hands it out.
// Two full migrations of an embedded store take a while on a busy machine, hence the long timeout.
const MIGRATIONS = path.join(process.cwd(), "lib/db/migrations");
const UPGRADE = "0014_pg_boss_12";
const before = mkdtempSync(path.join(tmpdir(), "uds-migrations-"));
afterAll(() => rmSync(before, { recursive: true, force: true }));

/** The migrations folder as it was before the upgrade: the same files, the journal cut before it. */
function migrationsBeforeUpgrade(): string {
  cpSync(MIGRATIONS, before, { recursive: true });
  const journalPath = path.join(before, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag === UPGRADE);
  expect(cut).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  writeFileSync(journalPath, JSON.stringify(journal));
  return before;
}

describe("the pg-boss 12 migration", () => {
  it("moves waiting and running delivery jobs into the new schema and drops the old one", async () => {
    const store = await PGlite.create();
    const db = drizzle({ client: store });
    await migrate(db, { migrationsFolder: migrationsBeforeUpgrade() });
    await store.exec(`
      INSERT INTO pgboss.job (name, data, state, start_after, retry_limit) VALUES
        ('webhook-delivery', '{"deliveryId":"later","attempt":2}', 'created', now() + interval '1 hour', 5),
        ('webhook-delivery', '{"deliveryId":"running","attempt":1}', 'active', now() - interval '1 minute', 5),
        ('webhook-delivery', '{"deliveryId":"done","attempt":1}', 'completed', now() - interval '1 minute', 5);
    `);

    await migrate(db, { migrationsFolder: MIGRATIONS });

    const version = await store.query<{ version: number }>("SELECT version FROM pgboss.version");
    expect(version.rows).toEqual([{ version: 46 }]);
    const old = await store.query("SELECT 1 FROM pg_namespace WHERE nspname = 'pgboss_v10'");
    expect(old.rows).toHaveLength(0);
    const moved = await store.query<{ id: string; state: string; retry_limit: number; due: boolean }>(
      "SELECT data->>'deliveryId' AS id, state, retry_limit, start_after <= now() AS due FROM pgboss.job ORDER BY 1",
    );
    expect(moved.rows).toEqual([
      { id: "later", state: "created", retry_limit: 5, due: false },
      { id: "running", state: "created", retry_limit: 5, due: true },
    ]);

    // pg-boss 12 itself hands out the job that was running when the old schema was set aside.
    const boss = new PgBoss({ db: fromPglite(store), schema: "pgboss", supervise: false, schedule: false });
    await boss.start();
    const jobs = await boss.fetch<{ deliveryId: string }>("webhook-delivery");
    expect(jobs.map((job) => job.data.deliveryId)).toEqual(["running"]);
    await boss.stop({ graceful: false, close: false });
    await store.close();
  }, 180_000);
});
