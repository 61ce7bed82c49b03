import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { type Caller, createOk, findPerks, newCaller, search, validCollection, validPerk } from "../support/api";
import { applySearchBitmapQueue } from "../support/many-collections";

/*
 * Verified collections: the `verified=1` filter of collection and perk search, and verified before
 * unverified on equal relevance, in small match sets (ranked in full), broad ones (read by title
 * segment, then the other matches) and without text. The badge is given as a verification gives
 * it, in `chain_contracts`; the search rows follow it (migration 0019).
 */
process.env.SEARCH_CACHE_MS = "0";

const STORED = 1_200;
const addressOf = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;
let caller: Caller;

type Page = { NumPages: number; Docs: Record<string, unknown>[] };
const idsOf = (page: Page) => page.Docs.map((doc) => doc.PlatformNFTId as string);

async function searchOk(params: Record<string, string | number>): Promise<Page> {
  const response = await search(caller.key, params);
  expect(response.status).toBe(200);
  return (await response.json()) as Page;
}

/** Gives `id`'s contract (Localhost) its badge, as a verification does. */
async function giveBadge(id: string, address: string) {
  await (
    await getDb()
  ).execute(sql`
    INSERT INTO chain_contracts (chain_key, address, chain_id, verified_collection_id, verified_by)
    VALUES ('localhost', ${address.toLowerCase()}, 31337, ${id}, '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266')
    ON CONFLICT (chain_key, address) DO UPDATE SET verified_collection_id = excluded.verified_collection_id, verified_by = excluded.verified_by`);
}

/** Verified among the broad rows: every 97th, so that they sit in every title segment and among the other matches. */
const VERIFIED_EVERY = 97;

beforeAll(async () => {
  caller = await newCaller();
  const db = await getDb();
  // A broad word (more matches than are ranked in full), titles of 2 to 5 words, each on a contract of its own.
  await db.execute(sql`
    INSERT INTO collections (id, data, team_id, managers, lastmodified, categories)
    SELECT 'o' || lpad(n::text, 6, '0'),
           jsonb_build_object('Title', 'Osprey ' || (ARRAY['', 'Bay ', 'Bay Cove ', 'Bay Cove Dune '])[n % 4 + 1] || 'x' || n,
                              'ContractChain', 'Localhost', 'ContractAddress', '0x' || lpad(to_hex(n), 40, '0'), 'Creator', 'Holt'),
           ${caller.teamId}, ARRAY[${caller.userId}]::text[], 1700000000000 + (n % 37), '{}'
      FROM generate_series(1, ${STORED}) AS n`);
  // Matches outside the title, a few of them verified.
  await db.execute(sql`
    INSERT INTO collections (id, data, team_id, managers, lastmodified, categories)
    SELECT 'p' || lpad(n::text, 6, '0'),
           jsonb_build_object('Title', 'Plain ' || n, 'ContractChain', 'Localhost', 'ContractAddress', '0x' || lpad(to_hex(100000 + n), 40, '0'),
                              'Creator', 'Ospreyworks'),
           ${caller.teamId}, ARRAY[${caller.userId}]::text[], 1700000000000 + (n % 11), '{}'
      FROM generate_series(1, 30) AS n`);
  await db.execute(sql`INSERT INTO collection_search SELECT * FROM collection_search_source`);
  await applySearchBitmapQueue();
  for (let n = VERIFIED_EVERY; n <= STORED; n += VERIFIED_EVERY) await giveBadge(`o${String(n).padStart(6, "0")}`, addressOf(n));
  for (const n of [5, 17]) await giveBadge(`p${String(n).padStart(6, "0")}`, addressOf(100000 + n));
}, 120_000);

/** The order relevance must give "osprey": title matches by title words, verified first, newest; then the others, verified first, newest. */
async function expectedOrder(onlyVerified = false): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    await getDb(),
    sql`SELECT id FROM (
          (SELECT id, 0 AS part, title_words, verified, lastmodified FROM collection_search
            WHERE title_tsv @@ to_tsquery('simple', 'osprey:*'))
          UNION ALL
          (SELECT id, 1, 0, verified, lastmodified FROM collection_search
            WHERE search_tsv @@ to_tsquery('simple', 'osprey:*') AND NOT title_tsv @@ to_tsquery('simple', 'osprey:*'))) m
         WHERE verified OR NOT ${onlyVerified}
         ORDER BY part, title_words, verified DESC, lastmodified DESC, id`,
  );
  return rows.map((row) => row.id);
}

async function pagedIds(params: Record<string, string | number>, pageSize: number, pages: number): Promise<string[]> {
  const seen: string[] = [];
  for (let pageNum = 1; pageNum <= pages; pageNum += 1) {
    const page = await searchOk({ ...params, pageSize, pageNum });
    expect(page.NumPages).toBe(pages);
    seen.push(...idsOf(page));
  }
  return seen;
}

describe("verified collections in search", () => {
  it("the badge reaches the search rows, and a broad word's pages put verified first among equals", async () => {
    const expected = await expectedOrder();
    expect(expected).toHaveLength(STORED + 30);
    const verifiedCount = Math.floor(STORED / VERIFIED_EVERY) + 2;
    const [flagged] = await queryRows<{ n: number }>(
      await getDb(),
      sql`SELECT count(*)::int AS n FROM collection_search_titles WHERE verified`,
    );
    expect(flagged?.n).toBe(verifiedCount);
    // The first title segment (two title words) starts with its verified titles.
    const first = await searchOk({ query: "osprey", pageSize: 5 });
    expect(first.Docs.slice(0, 3).every((doc) => doc.Verified === true)).toBe(true);
    for (const pageSize of [100, 7])
      expect(await pagedIds({ query: "osprey" }, pageSize, Math.ceil(expected.length / pageSize))).toEqual(expected);
  });

  it("verified=1 answers only verified collections, in the same order, with and without text", async () => {
    const expected = await expectedOrder(true);
    expect(expected).toHaveLength(Math.floor(STORED / VERIFIED_EVERY) + 2);
    expect(await pagedIds({ query: "osprey", verified: 1 }, 5, Math.ceil(expected.length / 5))).toEqual(expected);
    const all = await searchOk({ verified: 1, pageSize: 100 });
    expect(all.Docs).toHaveLength(expected.length);
    expect(all.Docs.every((doc) => doc.Verified === true && typeof doc.VerifiedBy === "string")).toBe(true);
  });

  it("without text, the default order puts verified collections first; sort=newest does not", async () => {
    const plain = await searchOk({ pageSize: 20 });
    const verifiedCount = Math.floor(STORED / VERIFIED_EVERY) + 2;
    expect(plain.Docs.slice(0, verifiedCount).every((doc) => doc.Verified === true)).toBe(true);
    expect(plain.Docs.slice(verifiedCount).some((doc) => doc.Verified === true)).toBe(false);
    const [newest] = (await searchOk({ sort: "newest", pageSize: 1 })).Docs;
    const [top] = await queryRows<{ id: string }>(
      await getDb(),
      sql`SELECT id FROM collection_search ORDER BY lastmodified DESC, id LIMIT 1`,
    );
    expect(newest?.PlatformNFTId).toBe(top?.id);
  });

  it("a small match set ranks the verified of two equal titles first; an edit keeps the badge, another contract loses it", async () => {
    const address = "0x00000000000000000000000000000000000a11ce";
    const older = await createOk(caller.key, {
      nftData: validCollection({ Title: "Heron Glade", ContractChain: "Localhost", ContractAddress: address }),
      perkData: [validPerk({ ShortDescription: "Heron walk" })],
    });
    const newer = await createOk(caller.key, { nftData: validCollection({ Title: "Heron Glade", ContractChain: "Localhost" }) });
    const olderId = older.nftData.PlatformNFTId as string;
    expect(idsOf(await searchOk({ query: "heron glade" }))[0]).toBe(newer.nftData.PlatformNFTId);

    await giveBadge(olderId, address);
    expect(idsOf(await searchOk({ query: "heron glade" }))).toEqual([olderId, newer.nftData.PlatformNFTId]);
    expect(idsOf(await searchOk({ query: "heron", verified: 1 }))).toEqual([olderId]);

    // Perks of verified collections: the filter, and the collection's badge on each perk.
    const perks = await findPerks(caller.key, { query: "heron", verified: 1 });
    expect(perks.status).toBe(200);
    const found = (await perks.json()) as Page;
    expect(found.Docs.map((doc) => [doc.PlatformNFTId, doc.CollectionVerifiedBy])).toEqual([
      [olderId, "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266"],
    ]);

    // An edit rewrites the search row: the badge stays while the contract does.
    const edited = await createOk(caller.key, {
      nftData: {
        ...validCollection({ Title: "Heron Glade", ContractChain: "Localhost", ContractAddress: address }),
        PlatformNFTId: olderId,
        Version: 1,
      },
    });
    expect(edited.nftData.Version).toBe(2);
    expect(idsOf(await searchOk({ query: "heron", verified: 1 }))).toEqual([olderId]);
    await createOk(caller.key, {
      nftData: {
        ...validCollection({ Title: "Heron Glade", ContractChain: "Localhost", ContractAddress: `0x${"b".repeat(40)}` }),
        PlatformNFTId: olderId,
        Version: 2,
      },
    });
    expect(idsOf(await searchOk({ query: "heron", verified: 1 }))).toEqual([]);
    expect((await (await findPerks(caller.key, { query: "heron", verified: 1 })).json()) as Page).toMatchObject({ Docs: [] });
  });

  it("a badge moved to another collection of the contract moves in search too", async () => {
    const address = "0x00000000000000000000000000000000000b0b00";
    const [a, b] = [
      await createOk(caller.key, {
        nftData: validCollection({ Title: "Egret Reach", ContractChain: "Localhost", ContractAddress: address }),
      }),
      await createOk(caller.key, {
        nftData: validCollection({ Title: "Egret Reach", ContractChain: "Localhost", ContractAddress: address }),
      }),
    ].map((created) => created.nftData.PlatformNFTId as string);
    await giveBadge(a!, address);
    expect(idsOf(await searchOk({ query: "egret", verified: 1 }))).toEqual([a]);
    await giveBadge(b!, address);
    expect(idsOf(await searchOk({ query: "egret", verified: 1 }))).toEqual([b]);
    await (
      await getDb()
    ).execute(sql`UPDATE chain_contracts SET verified_collection_id = NULL, verified_by = NULL WHERE address = ${address}`);
    expect(idsOf(await searchOk({ query: "egret", verified: 1 }))).toEqual([]);
  });

  it("refuses any other value of verified, on both searches", async () => {
    for (const value of ["0", "true", "yes"]) {
      const refused = await search(caller.key, { verified: value });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: string }).error).toMatch(/^verified: must be 1/);
      expect((await findPerks(caller.key, { verified: value })).status).toBe(400);
    }
  });
});
