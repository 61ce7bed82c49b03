import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { bitmapTermsOf, CATEGORY_LEXEME, FIELDS, TERM, termsOf } from "./terms";

// The term rules are written twice: `uds_bitmap_terms` (migration 0010) for the triggers, and
// `bitmapTermsOf` for building a whole store's bitmaps quickly. Rows chosen for every rule's edge
// (one-character, two- and three-character and longer lexemes, letters outside ASCII and outside
// the Basic Multilingual Plane, category lexemes, an empty chain, no title words) must get the
// same terms both ways, and each query word must find the row through the terms SQL wrote.
const ROWS: { search: string[]; title: string[]; chain: string; titleWords: number }[] = [
  { search: ["o", "ot", "ott", "otter", "river", `${CATEGORY_LEXEME}0`], title: ["otter", "river"], chain: "Base", titleWords: 2 },
  {
    search: ["ödön", "𝔘nicode", "straße", "éclair", `${CATEGORY_LEXEME}12`],
    title: ["ödön", "𝔘nicode", "straße"],
    chain: "Solana",
    titleWords: 3,
  },
  { search: ["a", "x1", "2024"], title: [], chain: "", titleWords: 0 },
];

const vector = (lexemes: string[]) => sql`array_to_tsvector(ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(lexemes)}::jsonb)))`;

const sqlTerms = async (row: (typeof ROWS)[number]) => {
  const [result] = await queryRows<{ terms: string[] }>(
    await getDb(),
    sql`SELECT uds_bitmap_terms(${vector(row.search)}, ${vector(row.title)}, ${row.chain}, ${row.titleWords}::integer) AS terms`,
  );
  return result!.terms;
};

describe("search bitmap terms", () => {
  it("are the same from the database's function and from TypeScript", async () => {
    for (const row of ROWS) {
      const fromSql = await sqlTerms(row);
      expect(fromSql.length).toBeGreaterThan(2);
      expect(bitmapTermsOf(row.search, row.title, row.chain, row.titleWords).sort()).toEqual([...fromSql].sort());
    }
  });

  it("let each lexeme of a row, and each prefix of two characters or more, find that row in both fields", async () => {
    const inRange = (terms: string[], range: { lo: string; hi: string }) =>
      terms.some(
        (term) =>
          Buffer.compare(Buffer.from(term), Buffer.from(range.lo)) >= 0 && Buffer.compare(Buffer.from(term), Buffer.from(range.hi)) < 0,
      );
    for (const row of ROWS) {
      const fromSql = await sqlTerms(row);
      FIELDS.forEach((field, i) => {
        for (const lexeme of [row.search, row.title][i]!.filter((word) => !word.startsWith(CATEGORY_LEXEME))) {
          // A word of one character is that lexeme; longer ones are prefixes.
          const characters = Array.from(lexeme);
          const words = [lexeme, ...characters.map((_, n) => characters.slice(0, n + 1).join("")).slice(1)];
          for (const word of words) {
            for (const range of termsOf({ words: [word], tsQuery: word }, field)) {
              expect(inRange(fromSql, range), `${field} ${word}`).toBe(true);
            }
          }
        }
      });
      const chain = termsOf({ words: [], tsQuery: null, chain: row.chain }, TERM.text);
      expect(chain.every((range) => inRange(fromSql, range))).toBe(true);
    }
  });

  it("tell a row apart by its category and chain", async () => {
    const fromSql = await sqlTerms(ROWS[0]!);
    const found = (query: { category?: number; chain?: string }) =>
      termsOf({ words: [], tsQuery: null, ...query }, TERM.text).every((range) =>
        fromSql.some((term) => term >= range.lo && term < range.hi),
      );
    expect(found({ category: 0 })).toBe(true);
    expect(found({ category: 1 })).toBe(false);
    expect(found({ chain: "Base" })).toBe(true);
    expect(found({ chain: "Solana" })).toBe(false);
  });
});
