import { spawn } from "node:child_process";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as ready } from "@/app/api/ready/route";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { startWarmUp } from "@/lib/startup/warm-up";
import { newCaller, search } from "../support/api";

// PostgreSQL only: the seed runs in a process of its own on this file's database, which an
// in-memory embedded store cannot share. CI runs this file with DATABASE_URL set.
const url = process.env.DATABASE_URL;
const COUNT = 3_000;

/** Runs `npm run db:seed` on this file's database and interrupts it as Ctrl-C does once its rows are stored. */
function seedInterruptedAfterRows(): Promise<{ output: string; code: number | null; signal: NodeJS.Signals | null }> {
  const child = spawn("npx", ["tsx", "--conditions=react-server", "scripts/db-seed.ts", "--count", String(COUNT)], {
    env: { ...process.env, DATABASE_URL: url },
    stdio: ["ignore", "ignore", "pipe"],
    // A process group of its own: Ctrl-C signals the whole group, as here.
    detached: true,
  });
  let output = "";
  let interrupted = false;
  child.stderr.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    if (!interrupted && /Building \d+ indexes and keys/.test(output)) {
      interrupted = true;
      process.kill(-child.pid!, "SIGINT");
    }
  });
  return new Promise((resolve) => child.once("exit", (code, signal) => resolve({ output, code, signal })));
}

describe.skipIf(!url)("a seed interrupted after its rows", () => {
  it("leaves a store the next start repairs before it is ready, loudly, and then searches it", async () => {
    const seed = await seedInterruptedAfterRows();
    expect(seed.output).toMatch(/Building \d+ indexes and keys/);
    expect(seed.output).not.toMatch(/Seeded \d+ collections/);

    // Every row is there, and the indexes the load dropped are not.
    const db = await getDb();
    const [state] = await queryRows<{ rows: number; deferred: number }>(
      db,
      sql`SELECT (SELECT count(*)::int FROM collections) AS rows, (SELECT count(*)::int FROM deferred_indexes) AS deferred`,
    );
    expect(state!.rows).toBe(COUNT);
    expect(state!.deferred).toBeGreaterThan(0);

    const first = await ready();
    expect(first.status).toBe(503);
    expect(((await first.json()) as { error: string }).error).toMatch(
      /^repairing the store: building \d+ indexes and keys, .*left unbuilt by an interrupted load$/,
    );
    await startWarmUp();
    expect((await ready()).status).toBe(200);

    const [after] = await queryRows<{ deferred: number; text_index: boolean; bitmaps: boolean }>(
      db,
      sql`SELECT (SELECT count(*)::int FROM deferred_indexes) AS deferred,
                 to_regclass('collection_search_text_idx') IS NOT NULL AS text_index,
                 (SELECT built_at IS NOT NULL FROM search_bitmaps_state) AS bitmaps`,
    );
    expect(after).toEqual({ deferred: 0, text_index: true, bitmaps: true });
    const caller = await newCaller();
    const response = await search(caller.key);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { Docs: unknown[] }).Docs.length).toBeGreaterThan(0);
  }, 180_000);
});
