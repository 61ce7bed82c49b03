import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureDemoAccount } from "@/lib/auth/demo-account";
import { copyCollections } from "@/lib/collections/copy-collections";
import { insertCollections, refreshCollections, type NewCollection } from "@/lib/collections/refresh";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import type { PerkFields } from "@/lib/schemas/perk";
import { teamManagers } from "@/lib/teams/server/teams";

// Migration 0032: a collection's search row takes its perks' words from their discovery rows
// (computed in the same statement by every write) instead of parsing the perks' descriptions again.
// The definitions before it, written out here, are the reference: every row must hold the same
// words, value for value, and the whole view (`collection_search_source`) the same as the writes.
const OLD_PERK_WORDS = sql`uds_words(left(concat_ws(' ', p.data ->> 'ShortDescription', p.data ->> 'LongDescription', c.data ->> 'Title'), 200000))`;
const OLD_COLLECTION_WORDS = sql`
  uds_words(coalesce(c.data ->> 'Title', '')) || uds_words(coalesce(c.data ->> 'Creator', ''))
  || uds_words(coalesce(c.data ->> 'CollectionDescription', ''))
  || uds_words(left(coalesce((SELECT string_agg(concat_ws(' ', p.data ->> 'ShortDescription', p.data ->> 'LongDescription'), ' ' ORDER BY p.position)
                                FROM perks p WHERE p.collection_id = c.id), ''), 200000))
  || uds_category_lexemes(s.categories)`;

/** Distinct made-up words, so that a cut text loses words the rest does not hold. */
const words = (prefix: string, count: number) => Array.from({ length: count }, (_, index) => `${prefix}${index.toString(36)}`).join(" ");

const perk = (fields: Partial<PerkFields> & Record<string, unknown>): PerkFields =>
  ({ ShortDescription: "Signed jersey", Tags: ["Merch"], ...fields }) as PerkFields;

// Each collection tries an edge of "the words of texts joined by spaces are the union of each
// text's": punctuation at either side of a join, text the parser reads as one token (an address,
// a version, a hyphenated word), missing and empty fields, letters outside ASCII, no perks, and
// texts long enough that the old definitions cut them (one perk's alone, and the perks' together).
const CASES: { title?: string; description?: string; perks: PerkFields[] }[] = [
  {
    title: "Tickets!",
    perks: [perk({ ShortDescription: "ends with.", LongDescription: ".starts — with; (brackets)" }), perk({ ShortDescription: "-dash-" })],
  },
  {
    title: "mail@example.com v1.2.3",
    perks: [perk({ ShortDescription: "see https://example.com/a/b?c=d", LongDescription: "state-of-the-art 3.14 1e5 /usr/local" })],
  },
  { title: "Café naïve", perks: [perk({ ShortDescription: "“Grüße” 日本語 テスト", LongDescription: "ÉCOLE Straße" })] },
  { title: undefined, perks: [perk({ ShortDescription: undefined, LongDescription: undefined }), perk({ ShortDescription: "" })] },
  { title: "No perks", description: "a collection alone", perks: [] },
  { title: "One long perk", perks: [perk({ ShortDescription: words("s", 3_000), LongDescription: words("l", 40_000) })] },
  {
    title: "Many perks",
    perks: Array.from({ length: 30 }, (_, index) =>
      perk({ ShortDescription: `perk ${index}`, LongDescription: words(`p${index.toString(36)}x`, 1_500) }),
    ),
  },
  { title: "Just under", perks: [perk({ ShortDescription: "x".repeat(99_990) }), perk({ ShortDescription: words("u", 10) })] },
];

async function batch(prefix: string): Promise<NewCollection[]> {
  const owner = await ensureDemoAccount();
  const managers = await teamManagers(await getDb(), owner.teamId);
  return CASES.map((item, index) => {
    const id = `${prefix}${String(index).padStart(3, "0")}`;
    const data = { Title: item.title, CollectionDescription: item.description ?? "", Creator: "Words & Co." } as NewCollection["data"];
    return {
      id,
      data,
      teamId: owner.teamId,
      managers,
      lastmodified: 1_700_000_000_000 + index,
      perks: item.perks.map((fields, position) => ({ id: `${id}-${position}`, data: fields })),
    };
  });
}

/** Rows whose stored words differ from the old definitions', by id (empty when every row agrees). */
async function differences(prefix: string) {
  const db = await getDb();
  const perks = await queryRows<{ id: string }>(
    db,
    sql`SELECT s.id FROM perk_search s JOIN perks p ON p.id = s.id JOIN collections c ON c.id = p.collection_id
         WHERE s.id LIKE ${`${prefix}%`}
           AND (s.search_tsv IS DISTINCT FROM ${OLD_PERK_WORDS} OR s.short_tsv IS DISTINCT FROM uds_words(coalesce(p.data ->> 'ShortDescription', '')))`,
  );
  const collections = await queryRows<{ id: string }>(
    db,
    sql`SELECT s.id FROM collection_search s JOIN collections c ON c.id = s.id JOIN collection_search_source v ON v.id = s.id
         WHERE s.id LIKE ${`${prefix}%`}
           AND (s.search_tsv IS DISTINCT FROM ${OLD_COLLECTION_WORDS} OR v.search_tsv IS DISTINCT FROM s.search_tsv
                OR s.title_tsv IS DISTINCT FROM uds_words(coalesce(c.data ->> 'Title', '')) || uds_category_lexemes(s.categories))`,
  );
  return [...perks, ...collections].map((row) => row.id);
}

async function counts(prefix: string) {
  const [row] = await queryRows<{ perks: number; collections: number }>(
    await getDb(),
    sql`SELECT (SELECT count(*)::int FROM perk_search WHERE id LIKE ${`${prefix}%`}) AS perks,
               (SELECT count(*)::int FROM collection_search WHERE id LIKE ${`${prefix}%`}) AS collections`,
  );
  return row!;
}

const perkTotal = CASES.reduce((total, item) => total + item.perks.length, 0);

beforeAll(async () => {
  await insertCollections(await getDb(), await batch("w"));
  await copyCollections(await batch("k"));
}, 60_000);

describe("a collection's search words from its perk rows (migration 0032)", () => {
  it("stores the words the old definitions made, by the API's insert and by the seed's COPY", async () => {
    for (const prefix of ["w", "k"]) {
      expect(await counts(prefix)).toEqual({ perks: perkTotal, collections: CASES.length });
      expect(await differences(prefix)).toEqual([]);
    }
  });

  it("takes the shortcut only where nothing is cut: a cut text's last words stay out, as before", async () => {
    const db = await getDb();
    // "One long perk" is cut within its long description; "Many perks" only as a whole.
    const [row] = await queryRows<{ first: boolean; last: boolean; lastOfMany: boolean; firstOfMany: boolean }>(
      db,
      sql`SELECT (SELECT search_tsv @@ 'l0'::tsquery FROM collection_search WHERE id = 'w005') AS first,
                 (SELECT search_tsv @@ ${`l${(39_999).toString(36)}`}::tsquery FROM collection_search WHERE id = 'w005') AS last,
                 (SELECT search_tsv @@ 'p0x0'::tsquery FROM collection_search WHERE id = 'w006') AS "firstOfMany",
                 (SELECT search_tsv @@ ${`ptx${(1_499).toString(36)}`}::tsquery FROM collection_search WHERE id = 'w006') AS "lastOfMany"`,
    );
    expect(row).toEqual({ first: true, last: false, firstOfMany: true, lastOfMany: false });
  });

  it("keeps the words exact through edits: a new title, a changed perk, a removed one", async () => {
    const db = await getDb();
    await db.execute(sql`UPDATE collections SET data = jsonb_set(data, '{Title}', '"Renamed: tickets, again!"') WHERE id = 'w000'`);
    await db.execute(sql`UPDATE perks SET data = jsonb_set(data, '{LongDescription}', '"now... different/words"') WHERE id = 'w001-0'`);
    await db.execute(sql`DELETE FROM perks WHERE id = 'w006-3'`);
    await refreshCollections(db, ["w000", "w001", "w006"]);
    expect(await differences("w")).toEqual([]);
    const [renamed] = await queryRows<{ found: boolean }>(
      db,
      sql`SELECT bool_and(search_tsv @@ 'renamed'::tsquery) AS found FROM perk_search WHERE collection_id = 'w000'`,
    );
    expect(renamed!.found).toBe(true);
  });
});
