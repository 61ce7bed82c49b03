import pg from "pg";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, getExecuteSql } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { takeSnapshot } from "@/lib/db/read-cache";
import { PRUNE_SEARCH_WRITES, searchPageUnchanged } from "@/lib/search/search-writes";
import { type Caller, createOk, newCaller, removePerk, validCollection, validPerk } from "../support/api";

/*
 * When a kept search page still shows what a new render would (docs/decisions/099): no transaction
 * that wrote what the browser or perk discovery reads has committed that its answers' snapshot did
 * not see, and no moment has passed at which the clock changes an answer.
 */

const address = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;
const DAY_MS = 86_400_000;
/** A moment no other test's perk is near: 2045-06-15T12:00:00Z. */
const DATED = Date.UTC(2045, 5, 15, 12);
const perkAt = (ms: number, timeSet: boolean) => validPerk({ Date: { dt: { seconds: Math.floor(ms / 1000), nanoseconds: 0 }, timeSet } });
/** A clock well away from every dated perk and midnight: checks of writes only. */
const quiet = { since: Date.UTC(2051, 0, 10, 12), now: Date.UTC(2051, 0, 10, 12, 30) };

async function execute(statement: ReturnType<typeof sql>) {
  await (await getDb()).execute(statement);
}

describe("a kept search page checked for search writes and clock edges", () => {
  let owner: Caller;
  beforeAll(async () => {
    owner = await newCaller();
  });

  it("holds across commits that touch nothing a search reads, and ends at one that does", async () => {
    const contract = address(0x99a001);
    const shown = await createOk(owner.key, {
      nftData: validCollection({ Title: "Unchanged Umbrellabirds", ContractChain: "Base", ContractAddress: contract }),
      perkData: [validPerk()],
    });
    const id = shown.nftData.PlatformNFTId as string;
    await execute(sql`INSERT INTO chain_contracts (chain_key, address, chain_id, holders) VALUES ('base', ${contract}, 8453, 1)
      ON CONFLICT (chain_key, address) DO UPDATE SET holders = excluded.holders`);
    const at = await takeSnapshot();
    expect(await searchPageUnchanged(at, quiet.since, quiet.now)).toBe(true);

    // A sync's progress on the contract row commits, and so does a job's bookkeeping: the database's
    // snapshot moves, but nothing a search shows changed.
    await execute(
      sql`UPDATE chain_contracts SET holders = holders + 1, cursor_block = 12 WHERE chain_key = 'base' AND address = ${contract}`,
    );
    await execute(sql`UPDATE frequent_lexemes_state SET refreshed_at = now()`);
    expect(await takeSnapshot()).not.toBe(at);
    expect(await searchPageUnchanged(at, quiet.since, quiet.now)).toBe(true);

    // Each kind of search write ends it: an edit of the record, a perk removed, a verifier named.
    const edits: [string, () => Promise<unknown>][] = [
      [
        "edit",
        () =>
          createOk(owner.key, {
            nftData: {
              ...validCollection({ Title: "Changed Umbrellabirds", ContractChain: "Base", ContractAddress: contract }),
              PlatformNFTId: id,
            },
            perkData: shown.perkData,
          }),
      ],
      ["perk removed", () => removePerk(owner.key, id, shown.perkData[0].PlatformPerkId)],
      [
        "verifier",
        () => execute(sql`UPDATE chain_contracts SET verified_by = 'Verifier' WHERE chain_key = 'base' AND address = ${contract}`),
      ],
    ];
    for (const [what, write] of edits) {
      const before = await takeSnapshot();
      expect(await searchPageUnchanged(before, quiet.since, quiet.now), what).toBe(true);
      await write();
      expect(await searchPageUnchanged(before, quiet.since, quiet.now), what).toBe(false);
      // The check remembers the snapshot it ran in: answers computed after it are exact for that one.
      expect(await searchPageUnchanged(await takeSnapshot(), quiet.since, quiet.now), what).toBe(true);
    }
  });

  it("ends at a clock edge of a stored perk between its answers' computation and now, and at midnight UTC", async () => {
    const timed = await createOk(owner.key, { nftData: validCollection({ Title: "Clockwork Curlews" }), perkData: [perkAt(DATED, true)] });
    expect(timed.perkData).toHaveLength(1);
    const at = await takeSnapshot();
    const check = (since: number, now: number) => searchPageUnchanged(at, since, now);
    // Before its date, and long after it: no edge passed (a freshness bound may carry a fraction).
    expect(await check(DATED - 60_000.25, DATED - 30_000.5)).toBe(true);
    expect(await check(DATED + 60_000, DATED + 120_000)).toBe(true);
    // Its date (the date order's parts) and its end (it turns Past, a millisecond later).
    expect(await check(DATED - 60_000, DATED)).toBe(false);
    expect(await check(DATED - 60_000, DATED + 30_000)).toBe(false);
    // A day after its date: it leaves the date order's "within a day" part.
    expect(await check(DATED + DAY_MS - 60_000, DATED + DAY_MS - 30_000)).toBe(true);
    expect(await check(DATED + DAY_MS - 60_000, DATED + DAY_MS + 30_000)).toBe(false);
    // Midnight UTC (an undated day's end; the perks page's date shortcuts) with no perk near.
    const midnight = Date.UTC(2051, 0, 11);
    expect(await check(midnight - 60_000, midnight + 30_000)).toBe(false);
    expect(await check(midnight + 60_000, midnight + 120_000)).toBe(true);
  });

  it("ends once the log no longer reaches back to its snapshot", async () => {
    const before = await takeSnapshot();
    await createOk(owner.key, { nftData: validCollection({ Title: "Pruned Pipits" }), perkData: [] });
    const after = await takeSnapshot();
    expect(await searchPageUnchanged(after, quiet.since, quiet.now)).toBe(true);
    // Every row aged past what the log keeps: those of transactions that every snapshot from now
    // on sees are dropped (on a server shared with other databases' transactions, some may stay).
    await execute(sql`UPDATE search_writes SET at = now() - interval '2 hours'`);
    await (
      await getExecuteSql()
    )(PRUNE_SEARCH_WRITES);
    const [left] = await queryRows<{ below: number; kept: number; older: number }>(
      await getDb(),
      sql`SELECT s.pruned_below::text::bigint AS below, (SELECT count(*)::int FROM search_writes) AS kept,
                 (SELECT count(*)::int FROM search_writes w WHERE w.xid < s.pruned_below) AS older
            FROM search_writes_state s`,
    );
    expect(left!.older).toBe(0);
    if (!process.env.DATABASE_URL) expect(left!.kept).toBe(0);
    // A snapshot taken after the prune is checked exactly; one taken before the create can no
    // longer be (its row is gone) or finds it (still there): either way the page is rendered.
    expect(await searchPageUnchanged(await takeSnapshot(), quiet.since, quiet.now)).toBe(true);
    expect(await searchPageUnchanged(before, quiet.since, quiet.now)).toBe(false);
    if (Number(left!.below) > 0)
      expect(await searchPageUnchanged(after, quiet.since, quiet.now)).toBe(Number(after.split(":")[0]) >= Number(left!.below));
  });

  describe.runIf(process.env.DATABASE_URL)("beside a writer on another connection", () => {
    const outside = new pg.Client({ connectionString: process.env.DATABASE_URL });
    beforeAll(async () => {
      await outside.connect();
    });
    afterAll(async () => {
      await outside.end();
    });

    it("holds while a search write is in progress and ends when it commits, not before", async () => {
      const created = await createOk(owner.key, { nftData: validCollection({ Title: "Pending Plovers" }), perkData: [] });
      const at = await takeSnapshot();
      await outside.query("BEGIN");
      try {
        // A write of a collection's search row, counted but not yet committed.
        await outside.query("UPDATE collections SET lastmodified = lastmodified WHERE id = $1", [created.nftData.PlatformNFTId]);
        expect(await searchPageUnchanged(at, quiet.since, quiet.now)).toBe(true);
        // A snapshot taken meanwhile: the writer is in progress in it (past its xmax, so not even
        // listed among those in progress, and its commit still ends the page).
        const during = await takeSnapshot();
        expect(await searchPageUnchanged(during, quiet.since, quiet.now)).toBe(true);
        await outside.query("COMMIT");
        expect(await searchPageUnchanged(at, quiet.since, quiet.now)).toBe(false);
        expect(await searchPageUnchanged(during, quiet.since, quiet.now)).toBe(false);
      } finally {
        await outside.query("ROLLBACK").catch(() => undefined);
      }
    });
  });
});
