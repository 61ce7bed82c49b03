import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";

// A store made before teams keeps everything: each account becomes a team of one (its owner, the
// team's id the account's), and every collection, key, webhook endpoint, history entry and
// Idempotency-Key record is its team's. Two full migrations of an embedded store take a while on
// a busy machine, hence the long timeout.
const MIGRATIONS = path.join(process.cwd(), "lib/db/migrations");
const TEAMS = "0021_teams";
const before = mkdtempSync(path.join(tmpdir(), "uds-migrations-"));
afterAll(() => rmSync(before, { recursive: true, force: true }));

function migrationsBeforeTeams(): string {
  cpSync(MIGRATIONS, before, { recursive: true });
  const journalPath = path.join(before, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag === TEAMS);
  expect(cut).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  writeFileSync(journalPath, JSON.stringify(journal));
  return before;
}

/** Every row of a table as text, in a stable order: what must come through the migration unchanged. */
async function rowsOf(store: PGlite, table: string, order: string): Promise<unknown[]> {
  return (await store.query(`SELECT to_jsonb(t) AS row FROM ${table} t ORDER BY ${order}`)).rows.map(
    (row) => (row as { row: unknown }).row,
  );
}

const without = (rows: unknown[], ...names: string[]) =>
  rows.map((row) => Object.fromEntries(Object.entries(row as Record<string, unknown>).filter(([name]) => !names.includes(name))));

describe("the teams migration", () => {
  it("makes each account a team of one that owns all the account had, and loses nothing", async () => {
    const store = await PGlite.create();
    const db = drizzle({ client: store });
    await migrate(db, { migrationsFolder: migrationsBeforeTeams() });
    await store.exec(`
      INSERT INTO users (id, name, email, email_verified) VALUES
        ('ann', 'Ann', 'ann@example.com', true), ('bob', 'Bob', 'bob@example.com', false);
      INSERT INTO sessions (id, token, user_id, expires_at) VALUES ('s1', 'token-1', 'ann', now() + interval '1 day');
      INSERT INTO collections (id, data, managers, lastmodified) VALUES
        ('c-ann', '{"Title":"Ann''s","ContractChain":"Base"}', '{ann}', 1),
        ('c-bob', '{"Title":"Bob''s","ContractChain":"Base"}', '{bob}', 2),
        ('c-gone', '{"Title":"Orphan","ContractChain":"Base"}', '{gone}', 3),
        ('c-none', '{"Title":"Nobody''s","ContractChain":"Base"}', '{}', 4);
      INSERT INTO perks (id, collection_id, position, data) VALUES ('p1', 'c-ann', 0, '{"ShortDescription":"Pin"}');
      INSERT INTO api_keys (id, user_id, label, prefix, key_hash) VALUES
        ('k-ann', 'ann', 'ci', 'uds_aaaaaa', 'hash-ann'), ('k-bob', 'bob', 'app', 'uds_bbbbbb', 'hash-bob');
      INSERT INTO webhook_endpoints (id, user_id, url, events, secret) VALUES ('w-ann', 'ann', 'https://hooks.example.com/a', '{collection.created}', 'whsec_x');
      INSERT INTO webhook_deliveries (id, endpoint_id, event_type, payload) VALUES ('d1', 'w-ann', 'collection.created', '{}');
      INSERT INTO collection_history (collection_id, at, user_id, key_id, changes, state) VALUES
        ('c-ann', 1, 'ann', 'k-ann', '[]', '{}'), ('c-bob', 2, 'bob', null, '[]', null);
      INSERT INTO idempotency_keys (user_id, key, request_hash, status, response) VALUES ('bob', 'retry-1', 'h', 200, '{"ok":true}');
    `);
    const perksBefore = await rowsOf(store, "perks", "id");
    const deliveriesBefore = await rowsOf(store, "webhook_deliveries", "id");
    const collectionsBefore = await rowsOf(store, "collections", "id");
    const keysBefore = await rowsOf(store, "api_keys", "id");
    const historyBefore = await rowsOf(store, "collection_history", "id");

    await migrate(db, { migrationsFolder: MIGRATIONS });

    expect((await store.query("SELECT id, name FROM teams ORDER BY id")).rows).toEqual([
      { id: "ann", name: "Ann" },
      { id: "bob", name: "Bob" },
      { id: "gone", name: "Former account" },
      { id: "unmanaged-c-none", name: "No manager" },
    ]);
    expect((await store.query("SELECT team_id, user_id, role FROM team_members ORDER BY team_id")).rows).toEqual([
      { team_id: "ann", user_id: "ann", role: "owner" },
      { team_id: "bob", user_id: "bob", role: "owner" },
    ]);
    expect((await store.query("SELECT id, team_id, managers FROM collections ORDER BY id")).rows).toEqual([
      { id: "c-ann", team_id: "ann", managers: ["ann"] },
      { id: "c-bob", team_id: "bob", managers: ["bob"] },
      { id: "c-gone", team_id: "gone", managers: ["gone"] },
      { id: "c-none", team_id: "unmanaged-c-none", managers: [] },
    ]);
    expect(without(await rowsOf(store, "collections", "id"), "team_id")).toEqual(collectionsBefore);
    expect((await store.query("SELECT id, team_id, user_id, scope FROM api_keys ORDER BY id")).rows).toEqual([
      { id: "k-ann", team_id: "ann", user_id: "ann", scope: "write" },
      { id: "k-bob", team_id: "bob", user_id: "bob", scope: "write" },
    ]);
    expect(without(await rowsOf(store, "api_keys", "id"), "team_id", "scope")).toEqual(keysBefore);
    expect((await store.query("SELECT id, team_id, url FROM webhook_endpoints")).rows).toEqual([
      { id: "w-ann", team_id: "ann", url: "https://hooks.example.com/a" },
    ]);
    expect((await store.query("SELECT collection_id, team_id, user_id, key_id FROM collection_history ORDER BY id")).rows).toEqual([
      { collection_id: "c-ann", team_id: "ann", user_id: "ann", key_id: "k-ann" },
      { collection_id: "c-bob", team_id: "bob", user_id: "bob", key_id: null },
    ]);
    expect(without(await rowsOf(store, "collection_history", "id"), "team_id")).toEqual(historyBefore);
    expect((await store.query("SELECT team_id, key, status, response FROM idempotency_keys")).rows).toEqual([
      { team_id: "bob", key: "retry-1", status: 200, response: { ok: true } },
    ]);
    expect((await store.query("SELECT id, user_id, team_id FROM sessions")).rows).toEqual([{ id: "s1", user_id: "ann", team_id: null }]);
    expect(await rowsOf(store, "perks", "id")).toEqual(perksBefore);
    expect(await rowsOf(store, "webhook_deliveries", "id")).toEqual(deliveriesBefore);

    // The new foreign keys hold: an account that goes takes its memberships (and the keys it minted) with it.
    await store.exec("DELETE FROM users WHERE id = 'bob'");
    expect((await store.query("SELECT team_id FROM team_members ORDER BY team_id")).rows).toEqual([{ team_id: "ann" }]);
    expect((await store.query("SELECT id FROM api_keys ORDER BY id")).rows).toEqual([{ id: "k-ann" }]);
    await store.close();
  }, 180_000);
});
