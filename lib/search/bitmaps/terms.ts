import "server-only";
import { sql } from "drizzle-orm";

/**
 * The terms of the search bitmaps (migration 0010): which bits a search row sets and which bitmaps a
 * query reads. Field `a` is all of a row's text, `t` its title; `p:`/`q:` are typed prefixes, `c:` a
 * chain, `w:` a number of title words, `a:#i` a category.
 */

/** Docs per bitmap row (`search_bitmaps.chunk`): 8 KB of bits. */
export const CHUNK_DOCS = 65_536;
export const CHUNK = sql.raw(String(CHUNK_DOCS));
/** Typed prefixes up to this long have a bitmap of their own (`p:`/`q:` terms, migration 0010). */
const PREFIX_TERMS_UP_TO = 3;

export type BitmapQuery = {
  /** The query's words, as `queryTerms` makes them: every one must match, as a prefix from 2 characters. */
  words: string[];
  /** The tsquery `toTsQuery` made of them (null without words): the statement checks PostgreSQL parses it into the same words. */
  tsQuery: string | null;
  /** Index of the category filter in CATEGORIES. */
  category?: number;
  chain?: string;
};

export type Term = { field: "a" | "t"; n: number; lo: string; hi: string };

const exact = (term: string) => ({ lo: term, hi: `${term}\u0001` });
// Byte order (COLLATE "C"): every term starting with `term` sorts in [term, term || U+10FFFF).
const startingWith = (term: string) => ({ lo: term, hi: `${term}\u{10FFFF}` });
const ascii = (word: string) => /^[a-z0-9]+$/.test(word);

/**
 * A word of one character is that lexeme; a longer one is a prefix: its own `p:` bitmap up to
 * PREFIX_TERMS_UP_TO characters (ASCII, where JavaScript and PostgreSQL count characters alike),
 * else every lexeme that starts with it.
 */
export function termsOf(query: BitmapQuery, field: "a" | "t"): Term[] {
  const prefixField = field === "a" ? "p" : "q";
  const ranges = query.words.map((word) =>
    word.length === 1
      ? exact(`${field}:${word}`)
      : word.length <= PREFIX_TERMS_UP_TO && ascii(word)
        ? exact(`${prefixField}:${word}`)
        : startingWith(`${field}:${word}`),
  );
  if (query.category !== undefined) ranges.push(exact(`${field}:#${query.category}`));
  if (query.chain !== undefined) ranges.push(exact(`c:${query.chain}`));
  // Every row has a chain term (an empty chain too): their union is every row.
  if (ranges.length === 0) ranges.push(startingWith("c:"));
  return ranges.map((range, n) => ({ field, n, ...range }));
}

/**
 * The tsquery text PostgreSQL prints for the query's words when it parses them as `toTsQuery`
 * meant; null without words.
 */
export const expectedTsQuery = ({ words, tsQuery }: BitmapQuery) =>
  tsQuery === null ? null : words.map((word) => (word.length >= 2 ? `'${word}':*` : `'${word}'`)).join(" & ");

/**
 * The docs of the text field's AND-ed bitmaps (`[chunk, varbit_send of its bits in base64]`),
 * corrected by the queue as the counts are: a queued doc is taken out, and put back when its
 * latest terms match (`[doc, has]`).
 */
export function docsOf(docBits: [number, string][], queued: [number, boolean][] | null): number[] {
  const docs = new Set<number>();
  for (const [chunk, encoded] of docBits) {
    const bytes = Buffer.from(encoded, "base64");
    // varbit_send: the length in bits (4 bytes), then the bits, the first one the high bit of a byte.
    const length = bytes.readInt32BE(0);
    for (let i = 0; i * 8 < length; i += 1) {
      const byte = bytes[4 + i]!;
      if (byte === 0) continue;
      for (let bit = 0; bit < 8; bit += 1) if (byte & (0x80 >> bit)) docs.add(chunk * CHUNK_DOCS + i * 8 + bit);
    }
  }
  for (const [doc, has] of queued ?? []) {
    if (has) docs.add(doc);
    else docs.delete(doc);
  }
  return [...docs].sort((a, b) => a - b);
}

/**
 * The terms one lexeme gives a row in a field: the lexeme, and its first 1 to PREFIX_TERMS_UP_TO
 * characters in the field's prefix terms (category lexemes `#i` have none).
 */
export function lexemeTerms(lexeme: string, field: string, prefixField: string): string[] {
  const terms = [`${field}:${lexeme}`];
  if (lexeme.startsWith("#")) return terms;
  const characters = Array.from(lexeme);
  for (let length = 1; length <= Math.min(PREFIX_TERMS_UP_TO, characters.length); length += 1) {
    terms.push(`${prefixField}:${characters.slice(0, length).join("")}`);
  }
  return terms;
}

export const FIELDS = [
  ["a", "p"],
  ["t", "q"],
] as const;

/** A row's terms besides its lexemes': its chain and its number of title words. */
export const rowTerms = (chain: string, titleWords: number) => [`c:${chain}`, `w:${titleWords}`];

/**
 * The terms of a search row, as `uds_bitmap_terms` (migration 0010) makes them in SQL for the
 * triggers; built here from the vectors' lexemes, which is many times faster for a whole store.
 * `tests/api/search-bitmaps.test.ts` holds the two to the same answer over a store.
 */
export function bitmapTermsOf(search: string[], title: string[], chain: string, titleWords: number): string[] {
  const terms = new Set<string>();
  [search, title].forEach((lexemes, i) => {
    const [field, prefixField] = FIELDS[i]!;
    for (const lexeme of lexemes) for (const term of lexemeTerms(lexeme, field, prefixField)) terms.add(term);
  });
  for (const term of rowTerms(chain, titleWords)) terms.add(term);
  return [...terms];
}
