import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { create, type Caller, createOk, newCaller, validCollection } from "../support/api";

/**
 * A partner's save does not wait for the insights flush (issue #47): the flush's upsert checks
 * each counted collection's foreign key, which takes a key-share lock on the collection's row
 * until the flush commits. A save locks the rows it edits for a no-key update, which that lock
 * does not block. Here an outside session holds such a lock, as a flush under way does.
 */
describe.runIf(process.env.DATABASE_URL)("a save beside an insights flush", () => {
  const outside = new pg.Client({ connectionString: process.env.DATABASE_URL });
  let caller: Caller;

  beforeAll(async () => {
    caller = await newCaller();
    await outside.connect();
  });
  afterAll(async () => {
    await outside.end();
  });

  const backendsWaitingOnALock = async () => {
    const { rows } = await outside.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`,
    );
    return rows[0]!.n;
  };

  it("edits a collection whose insights row is being written, without waiting for that write", async () => {
    const { nftData } = await createOk(caller.key, { nftData: validCollection() });
    const id: string = nftData.PlatformNFTId;
    await outside.query("BEGIN");
    try {
      await outside.query(
        `INSERT INTO insight_counts (day, collection_id, perk_id, metric, count) VALUES (current_date, $1, NULL, 'views', 1)
         ON CONFLICT ON CONSTRAINT insight_counts_key DO UPDATE SET count = insight_counts.count + 1`,
        [id],
      );
      let answered: number | null = null;
      const edit = create(caller.key, { nftData: { ...nftData, Title: "Edited beside a flush" } }).then((response) => {
        answered = response.status;
      });
      // Until the save answers, no statement may be waiting on a lock (a blocked save would wait here until the flush commits).
      let waited = 0;
      while (answered === null) {
        waited = Math.max(waited, await backendsWaitingOnALock());
        if (waited > 0) break;
      }
      expect(waited).toBe(0);
      await edit;
      expect(answered).toBe(200);
    } finally {
      await outside.query("ROLLBACK");
    }
  });
});
