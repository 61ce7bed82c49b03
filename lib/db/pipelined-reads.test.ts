import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pipelinedReads, type PipelinedReads } from "./pipelined-reads";

// PostgreSQL only (the CI run with DATABASE_URL): PGlite has no connections to pipeline.
const url = process.env.DATABASE_URL;
const NAME = `uds-pipe-${process.pid}`;

let reads: PipelinedReads;
let admin: pg.Client;

const backends = async () =>
  (await admin.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE application_name = $1", [NAME])).rows.map((row) => row.pid);

beforeAll(async () => {
  if (!url) return;
  reads = pipelinedReads(pg.Client, { connectionString: url, application_name: NAME }, 2);
  admin = new pg.Client({ connectionString: url });
  await admin.connect();
});

afterAll(async () => {
  await reads?.close();
  await admin?.end();
});

describe.skipIf(!url)("pipelined reads", () => {
  it("answers each of many concurrent statements with its own rows, over at most two connections", async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, n) => reads.query("SELECT $1::int AS n, pg_backend_pid() AS pid", [n])),
    );
    expect(answers.map((answer) => answer.rows[0].n)).toEqual(Array.from({ length: 200 }, (_, n) => n));
    const pids = new Set(answers.map((answer) => answer.rows[0].pid));
    expect(pids.size).toBeGreaterThanOrEqual(1);
    expect(pids.size).toBeLessThanOrEqual(2);
    expect(new Set(await backends())).toEqual(pids);
  });

  it("fails only the statement that fails, not those sent around it", async () => {
    const sent = [reads.query("SELECT 1 AS n"), reads.query("SELECT 1 / 0 AS n"), reads.query("SELECT 3 AS n")];
    const [first, failed, third] = await Promise.allSettled(sent);
    expect(first).toMatchObject({ status: "fulfilled", value: { rows: [{ n: 1 }] } });
    expect(failed).toMatchObject({ status: "rejected", reason: { code: "22012" } });
    expect(third).toMatchObject({ status: "fulfilled", value: { rows: [{ n: 3 }] } });
  });

  it("prepares a named statement once per connection while many use it at once", async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, n) => reads.query({ name: "uds_pipe_plus_one", text: "SELECT $1::int + 1 AS n", values: [n] })),
    );
    expect(answers.map((answer) => answer.rows[0].n)).toEqual(Array.from({ length: 50 }, (_, n) => n + 1));
  });

  it("fails the statements of a lost connection, then opens it again for the next", async () => {
    // Settled into a value at once, so its failure is never an unhandled rejection meanwhile.
    const sleeping = reads.query("SELECT pg_sleep(30)").then(
      () => null,
      (error: unknown) => error,
    );
    // The statement is on the server once its backend is seen running it.
    let pid: number | undefined;
    while (pid === undefined) {
      const { rows } = await admin.query<{ pid: number }>(
        "SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND query LIKE 'SELECT pg_sleep%' AND state = 'active'",
        [NAME],
      );
      pid = rows[0]?.pid;
    }
    await admin.query("SELECT pg_terminate_backend($1)", [pid]);
    expect(await sleeping).toBeInstanceOf(Error);
    const { rows } = await reads.query("SELECT 42 AS n, pg_backend_pid() AS pid");
    expect(rows[0].n).toBe(42);
    expect(rows[0].pid).not.toBe(pid);
  });

  it("ends its connections on close, and refuses statements after", async () => {
    const other = pipelinedReads(pg.Client, { connectionString: url, application_name: `${NAME}-close` }, 2);
    await Promise.all([other.query("SELECT 1"), other.query("SELECT 2")]);
    await other.close();
    const { rows } = await admin.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1", [`${NAME}-close`]);
    expect(rows[0].n).toBe(0);
    await expect(other.query("SELECT 1")).rejects.toThrow(/closed/);
  });

  it("sends new statements only to the first connections its width allows, and to all again when it widens", async () => {
    let width = 1;
    const narrowed = pipelinedReads(pg.Client, { connectionString: url, application_name: `${NAME}-width` }, 2, () => width);
    try {
      const pidsOf = async () =>
        new Set(
          (await Promise.all(Array.from({ length: 40 }, () => narrowed.query("SELECT pg_backend_pid() AS pid")))).map(
            (answer) => answer.rows[0].pid as number,
          ),
        );
      expect((await pidsOf()).size).toBe(1);
      width = 2;
      expect((await pidsOf()).size).toBe(2);
    } finally {
      await narrowed.close();
    }
  });
});
