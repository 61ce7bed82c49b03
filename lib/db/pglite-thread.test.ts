import { afterEach, describe, expect, it } from "vitest";
import { PgliteThread } from "./pglite-thread";

const opened: PgliteThread[] = [];
async function open(onLost?: (error: Error) => void) {
  const thread = await PgliteThread.open("memory://", undefined, onLost);
  opened.push(thread);
  return thread;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((thread) => thread.close()));
});

describe("the embedded database on its own thread", () => {
  it("answers rows and fields, with the types drizzle asks for kept as text", async () => {
    const db = await open();
    const at = "2026-11-25 10:00:00+00";
    const parsers = { 1184: (value: string) => value };
    const asText = await db.query<[number, string]>(`SELECT 1 AS one, $1::timestamptz AS at`, [at], { rowMode: "array", parsers });
    expect(asText.rows).toEqual([[1, at]]);
    expect(asText.fields.map((field) => field.name)).toEqual(["one", "at"]);
    const parsed = await db.query<{ at: Date }>(`SELECT $1::timestamptz AS at`, [at]);
    expect(parsed.rows[0]!.at).toBeInstanceOf(Date);
    expect(parsed.rows[0]!.at.toISOString()).toBe("2026-11-25T10:00:00.000Z");
    await expect(db.query("SELECT 1", [], { parsers: { 1184: (value: string) => new Date(value) } })).rejects.toThrow(/only text parsers/);
  });

  it("keeps PostgreSQL's error fields, so callers can tell a conflict from a fault", async () => {
    const db = await open();
    await db.exec("CREATE TABLE t (id int PRIMARY KEY); INSERT INTO t VALUES (1);");
    const error = (await db.query("INSERT INTO t VALUES (1)").catch((caught: unknown) => caught)) as Record<string, unknown>;
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe("23505");
    expect(error.constraint).toBe("t_pkey");
    expect(error.message).toMatch(/duplicate key/);
  });

  it("commits a transaction whose callback returns and rolls back one that throws", async () => {
    const db = await open();
    await db.exec("CREATE TABLE t (id int)");
    const kept = await db.transaction(async (tx) => {
      await tx.query("INSERT INTO t VALUES (1)");
      return (await tx.query<{ n: number }>("SELECT count(*)::int AS n FROM t")).rows[0]!.n;
    });
    expect(kept).toBe(1);
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO t VALUES (2)");
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect((await db.query<{ id: number }>("SELECT id FROM t")).rows).toEqual([{ id: 1 }]);
  });

  it("runs a statement from outside a transaction after it, never inside it", async () => {
    const db = await open();
    await db.exec("CREATE TABLE t (id int)");
    const order: string[] = [];
    let outside: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      await tx.query("INSERT INTO t VALUES (1)");
      outside = db.query<{ n: number }>("SELECT count(*)::int AS n FROM t").then((result) => {
        order.push("outside");
        return result.rows[0]!.n;
      });
      await tx.query("INSERT INTO t VALUES (2)");
      order.push("transaction");
    });
    expect(await outside).toBe(2);
    expect(order).toEqual(["transaction", "outside"]);
  });

  it("leaves the server's thread free while a statement runs", async () => {
    const db = await open();
    let finished = false;
    const slow = db.query("SELECT pg_sleep(3)").then(() => (finished = true));
    // On the calling thread, PostgreSQL would run to the end before this timer could fire.
    await new Promise((resolve) => setTimeout(resolve, 1));
    expect(finished).toBe(false);
    await slow;
    expect(finished).toBe(true);
  });

  it("fails what was waiting, and tells its owner, when the thread is lost", async () => {
    let lost: Error | undefined;
    const db = await open((error) => (lost = error));
    const waiting = db.query("SELECT pg_sleep(3)");
    await (db as unknown as { worker: { terminate: () => Promise<number> } }).worker.terminate();
    await expect(waiting).rejects.toThrow(/PGlite is closed/);
    expect(lost?.message).toMatch(/PGlite is closed: its thread exited/);
    await expect(db.query("SELECT 1")).rejects.toThrow(/PGlite is closed/);
  });

  it("refuses statements once closed, without telling the owner the thread was lost", async () => {
    let lost = false;
    const db = await open(() => (lost = true));
    await db.close();
    await expect(db.query("SELECT 1")).rejects.toThrow("PGlite is closed");
    expect(lost).toBe(false);
  });
});
