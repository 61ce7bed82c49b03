import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { type Caller, createOk, newCaller, validCollection, validPerk } from "../support/api";

// What an edit rewrites of the derived search rows: only what changed (docs/performance.md, "Writes").
let caller: Caller;

beforeAll(async () => {
  caller = await newCaller();
});

/** Each perk discovery row of a collection with the transaction that last wrote it. */
async function perkRowWriters(nftId: string): Promise<Map<string, string>> {
  const rows = await queryRows<{ id: string; xmin: string }>(
    await getDb(),
    sql`SELECT id, xmin::text AS xmin FROM perk_search WHERE collection_id = ${nftId}`,
  );
  return new Map(rows.map((row) => [row.id, row.xmin]));
}

/** The bitmap terms stored for a collection's search row, and the ones its row has now. */
async function termsOf(nftId: string) {
  const [row] = await queryRows<{ stored: string[] | null; now: string[] }>(
    await getDb(),
    sql`SELECT k.terms AS stored, uds_bitmap_terms(s.search_tsv, s.title_tsv, s.chain, s.title_words) AS now
          FROM collection_search s LEFT JOIN collection_search_terms k ON k.doc = s.doc
         WHERE s.id = ${nftId}`,
  );
  return row!;
}

describe("an edit's search rows", () => {
  it("rewrites the discovery rows of the perks it changed and adds the new ones, leaving the others as stored", async () => {
    const created = await createOk(caller.key, {
      nftData: validCollection({ Title: "Quiet Heron" }),
      perkData: [validPerk({ ShortDescription: "First" }), validPerk({ ShortDescription: "Second" })],
    });
    const nftId = created.nftData.PlatformNFTId as string;
    const [first, second] = (created.perkData as { PlatformPerkId: string }[]).map((perk) => perk.PlatformPerkId);
    const before = await perkRowWriters(nftId);

    await createOk(caller.key, {
      perkData: [
        validPerk({ PlatformNFTId: nftId, PlatformPerkId: second, ShortDescription: "Second, edited" }),
        validPerk({ PlatformNFTId: nftId, ShortDescription: "Third" }),
      ],
    });
    const after = await perkRowWriters(nftId);
    expect(after.size).toBe(3);
    expect(after.get(first!)).toBe(before.get(first!));
    expect(after.get(second!)).not.toBe(before.get(second!));

    // The collection's title is in every perk's row: a new title rewrites them all.
    await createOk(caller.key, { nftData: validCollection({ PlatformNFTId: nftId, Title: "Loud Heron" }) });
    const retitled = await perkRowWriters(nftId);
    for (const [id, writer] of after) expect(retitled.get(id)).not.toBe(writer);
  });

  it("keeps the bitmap terms the search row was queued with, and queues them as the old terms of the next edit", async () => {
    const created = await createOk(caller.key, { nftData: validCollection({ Title: "Amber Lantern" }) });
    const nftId = created.nftData.PlatformNFTId as string;
    const stored = await termsOf(nftId);
    expect(stored.stored).toEqual(stored.now);
    expect(stored.now).toContain("t:amber");

    await createOk(caller.key, { nftData: validCollection({ PlatformNFTId: nftId, Title: "Cobalt Lantern" }) });
    const edited = await termsOf(nftId);
    expect(edited.stored).toEqual(edited.now);
    const [change] = await queryRows<{ old_terms: string[]; new_terms: string[] }>(
      await getDb(),
      sql`SELECT old_terms, new_terms FROM search_bitmap_changes
           WHERE doc = (SELECT doc FROM collection_search WHERE id = ${nftId}) AND old_terms IS NOT NULL
           ORDER BY id DESC LIMIT 1`,
    );
    // No search runs in this file, so nothing applies the queue meanwhile.
    expect(change?.old_terms).toEqual(stored.now);
    expect(change?.new_terms).toEqual(edited.now);
  });
});
