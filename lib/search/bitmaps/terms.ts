import "server-only";
import { sql } from "drizzle-orm";

/**
 * The terms of the search bitmaps (migration 0010): which bits a search row sets and which bitmaps a
 * query reads. A term is `namespace:value`; the namespaces are the one-letter names below, the
 * same letters `uds_bitmap_terms` writes in SQL for the triggers. `terms.test.ts` holds that
 * function and `bitmapTermsOf` to the same terms, so neither can change alone (changing a letter
 * or a rule means a migration that rebuilds the bitmaps).
 */
export const TERM = {
  /** Field: each lexeme of all the row's text (`search_tsv`), category lexemes `#i` included. */
  text: "a",
  /** Field: each lexeme of the title (`title_tsv`). */
  title: "t",
  /** The first 1 to PREFIX_TERMS_UP_TO characters of each word lexeme of the text. */
  textPrefix: "p",
  /** The same for the title. */
  titlePrefix: "q",
  /** The row's chain (an empty chain too, so every row has one). */
  chain: "c",
  /** The number of title words, which orders title matches. */
  titleWords: "w",
  /** Not stored: the facet counts' sum of the chains past FACET_VALUE_LIMIT. */
  otherChains: "o",
} as const;
/** A text lexeme starting with this names a category by its index (`a:#3`); it has no prefix terms. */
export const CATEGORY_LEXEME = "#";

/** The two fields a query's words are matched in, each with its prefix namespace. */
export type Field = typeof TERM.text | typeof TERM.title;
const PREFIX_OF = { [TERM.text]: TERM.textPrefix, [TERM.title]: TERM.titlePrefix } as const;
export const FIELDS = [TERM.text, TERM.title] as const;

type Namespace = (typeof TERM)[keyof typeof TERM];
export const term = (namespace: Namespace, value: string | number) => `${namespace}:${value}`;
/** Where a term's value starts (every namespace is one letter and a colon): `term.slice(VALUE_AT)`. */
export const VALUE_AT = 2;

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

export type Term = { field: Field; n: number; lo: string; hi: string };

const exact = (name: string) => ({ lo: name, hi: `${name}\u0001` });
// Byte order (COLLATE "C"): every term starting with `name` sorts in [name, name || U+10FFFF).
const startingWith = (name: string) => ({ lo: name, hi: `${name}\u{10FFFF}` });

/** SQL: whether `column` (compared in byte order) is a term of `namespace` whose value starts with `start`. */
export const sqlTermStartingWith = (column: string, namespace: Namespace, start = "") =>
  `(${column} >= '${term(namespace, start)}' AND ${column} < '${term(namespace, start)}' || chr(1114111))`;
const ascii = (word: string) => /^[a-z0-9]+$/.test(word);

/**
 * A word of one character is that lexeme; a longer one is a prefix: its own `p:` bitmap up to
 * PREFIX_TERMS_UP_TO characters (ASCII, where JavaScript and PostgreSQL count characters alike),
 * else every lexeme that starts with it.
 */
export function termsOf(query: BitmapQuery, field: Field): Term[] {
  const ranges = query.words.map((word) =>
    word.length === 1
      ? exact(term(field, word))
      : word.length <= PREFIX_TERMS_UP_TO && ascii(word)
        ? exact(term(PREFIX_OF[field], word))
        : startingWith(term(field, word)),
  );
  if (query.category !== undefined) ranges.push(exact(term(field, `${CATEGORY_LEXEME}${query.category}`)));
  if (query.chain !== undefined) ranges.push(exact(term(TERM.chain, query.chain)));
  // Every row has a chain term (an empty chain too): their union is every row.
  if (ranges.length === 0) ranges.push(startingWith(term(TERM.chain, "")));
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
 * characters in the field's prefix namespace (category lexemes `#i` have none).
 */
export function lexemeTerms(lexeme: string, field: Field): string[] {
  const terms = [term(field, lexeme)];
  if (lexeme.startsWith(CATEGORY_LEXEME)) return terms;
  const characters = Array.from(lexeme);
  for (let length = 1; length <= Math.min(PREFIX_TERMS_UP_TO, characters.length); length += 1) {
    terms.push(term(PREFIX_OF[field], characters.slice(0, length).join("")));
  }
  return terms;
}

/** A row's terms besides its lexemes': its chain and its number of title words. */
export const rowTerms = (chain: string, titleWords: number) => [term(TERM.chain, chain), term(TERM.titleWords, titleWords)];

/**
 * The terms of a search row, as `uds_bitmap_terms` (migration 0010) makes them in SQL for the
 * triggers; built here from the vectors' lexemes, which is many times faster for a whole store.
 * `terms.test.ts` holds the two to the same answer.
 */
export function bitmapTermsOf(search: string[], title: string[], chain: string, titleWords: number): string[] {
  const terms = new Set<string>();
  [search, title].forEach((lexemes, i) => {
    for (const lexeme of lexemes) for (const made of lexemeTerms(lexeme, FIELDS[i]!)) terms.add(made);
  });
  for (const made of rowTerms(chain, titleWords)) terms.add(made);
  return [...terms];
}
