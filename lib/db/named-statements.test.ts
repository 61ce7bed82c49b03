import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { nameStatementsOf } from "./named-statements";

const url = process.env.DATABASE_URL;
const pools: pg.Pool[] = [];

afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.end()));
});

function namingPool(limit?: number, pipeline = false): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 1, pipeline } as pg.PoolConfig);
  // A connection the server ends while no statement runs on it (57P01 when the file's database is
  // dropped with FORCE) is an event on the pool; unheard, it would end the whole test run. A
  // statement's own failure still fails its test through the query's promise.
  pool.on("error", () => {});
  nameStatementsOf(pool, limit);
  pools.push(pool);
  return pool;
}

/** The statements this connection holds prepared, by text. */
async function preparedOn(client: pg.PoolClient): Promise<string[]> {
  const { rows } = await client.query<{ statement: string }>("SELECT statement FROM pg_prepared_statements ORDER BY prepare_time");
  return rows.map((row) => row.statement);
}

// The write pool runs on PostgreSQL only; the embedded store has one connection and no pool.
describe.runIf(url)("the write pool's named statements", () => {
  it("prepare each planned text once per connection and leave transaction control unnamed", async () => {
    const client = await namingPool().connect();
    try {
      await client.query("BEGIN");
      for (const n of [1, 2, 3]) expect((await client.query("SELECT $1::int + 1 AS n", [n])).rows).toEqual([{ n: n + 1 }]);
      expect((await client.query({ text: "SELECT $1::text AS word", values: ["otter"] })).rows).toEqual([{ word: "otter" }]);
      await client.query("COMMIT");
      const prepared = await preparedOn(client);
      expect(prepared.filter((text) => text === "SELECT $1::int + 1 AS n")).toHaveLength(1);
      expect(prepared).toContain("SELECT $1::text AS word");
      expect(prepared.some((text) => /^(BEGIN|COMMIT)/i.test(text))).toBe(false);
    } finally {
      client.release();
    }
  });

  it("name no more texts than the limit; the rest go out unnamed and still answer", async () => {
    const client = await namingPool(2).connect();
    try {
      expect((await client.query("SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
      expect((await client.query("SELECT 2 AS two")).rows).toEqual([{ two: 2 }]);
      expect((await client.query("SELECT 3 AS three")).rows).toEqual([{ three: 3 }]);
      const prepared = await preparedOn(client);
      expect(prepared).toEqual(["SELECT 1 AS one", "SELECT 2 AS two"]);
    } finally {
      client.release();
    }
  });

  it("recover when a transaction fails before a new text was prepared (pipeline mode)", async () => {
    const client = await namingPool(undefined, true).connect();
    try {
      // Sent together: the failure aborts the transaction, so the next text's Parse is refused too.
      const sent = [
        client.query("BEGIN"),
        client.query("SELECT 1 / $1::int AS broken", [0]),
        client.query("SELECT $1::int * 2 AS doubled", [21]),
      ];
      const settled = await Promise.allSettled(sent);
      await client.query("ROLLBACK");
      expect(settled.map((result) => result.status)).toEqual(["fulfilled", "rejected", "rejected"]);
      expect((settled[1] as PromiseRejectedResult).reason).toMatchObject({ code: "22012" });
      // The connection prepares the text again rather than naming a statement the server never made.
      expect((await client.query("SELECT $1::int * 2 AS doubled", [21])).rows).toEqual([{ doubled: 42 }]);
      expect((await client.query("SELECT 1 / $1::int AS broken", [1])).rows).toEqual([{ broken: 1 }]);
    } finally {
      client.release();
    }
  });
});
