import { describe, expect, it } from "vitest";
import { chunkRows, FEW_BITS, type ChunkDoc, type ChunkRow } from "./chunk-rows";
import { bitmapTermsOf, CATEGORY_LEXEME, CHUNK_DOCS } from "./terms";

// `chunkRows` makes a whole chunk's rows from the docs' lexemes for speed; `bitmapTermsOf` is the
// rule doc by doc (held to the database's own function by terms.test.ts). Both must set the same
// bits for docs whose lexemes share prefixes, repeat across docs and fields, leave a field empty,
// and use letters outside ASCII and outside the Basic Multilingual Plane.
const CHUNK = 2;
const LETTERS = ["a", "b", "o", "t", "é", "ö", "ß", "𝔘"];

function randomDocs(count: number, seed: number): ChunkDoc[] {
  let state = seed;
  const random = (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
  const lexeme = () => {
    if (random(10) === 0) return `${CATEGORY_LEXEME}${random(4)}`;
    let word = "";
    for (let n = 1 + random(5); n > 0; n -= 1) word += LETTERS[random(LETTERS.length)];
    return word;
  };
  // Sets of lexemes, as a vector's are (no lexeme twice in a field), of 0 to 11 lexemes.
  const field = (most: number) => [...new Set(Array.from({ length: random(most + 1) }, lexeme))];
  const docs: ChunkDoc[] = [];
  for (let position = 0; docs.length < count; position += 1 + random(3)) {
    const a = field(11);
    const t = a.slice(0, random(a.length + 1)).concat(field(2));
    docs.push({
      doc: CHUNK * CHUNK_DOCS + position,
      a: a.join(" "),
      t: [...new Set(t)].join(" "),
      chain: ["", "Base", "Solana"][random(3)]!,
      title_words: random(4),
    });
  }
  return docs;
}

const split = (text: string) => (text === "" ? [] : text.split(" "));

/** Each term's positions, doc by doc from `bitmapTermsOf`. */
function expectedPositions(docs: ChunkDoc[]): Map<string, number[]> {
  const expected = new Map<string, number[]>();
  for (const { doc, a, t, chain, title_words } of docs) {
    for (const term of bitmapTermsOf(split(a), split(t), chain, title_words)) {
      expected.set(term, [...(expected.get(term) ?? []), doc - CHUNK * CHUNK_DOCS]);
    }
  }
  return expected;
}

/** A row's positions, from its bits or its list. */
function positionsOf(row: ChunkRow): number[] {
  if (row.positions) return row.positions;
  const positions: number[] = [];
  row.bits!.forEach((byte, i) => {
    for (let bit = 0; bit < 8; bit += 1) if (byte & (0x80 >> bit)) positions.push(i * 8 + bit);
  });
  return positions;
}

describe("a chunk's bitmap rows", () => {
  it("set the bits bitmapTermsOf gives each doc, one row a term", async () => {
    const docs = randomDocs(3_000, 7);
    const rows = await chunkRows(CHUNK, docs);
    const expected = expectedPositions(docs);
    expect(rows.map((row) => row.term).sort()).toEqual([...expected.keys()].sort());
    for (const row of rows) {
      expect(row.chunk).toBe(CHUNK);
      expect(positionsOf(row), row.term).toEqual(expected.get(row.term));
    }
    // Both forms are exercised: rare terms as positions, frequent ones as bits.
    expect(rows.some((row) => row.positions !== null && row.positions.length > 1)).toBe(true);
    expect(rows.some((row) => row.bits !== null)).toBe(true);
  });

  it("send a term as bits exactly when more than FEW_BITS docs have it", async () => {
    const docs = randomDocs(500, 11);
    for (const row of await chunkRows(CHUNK, docs)) {
      const count = positionsOf(row).length;
      expect(row.bits === null, `${row.term}: ${count}`).toBe(count <= FEW_BITS);
      if (row.bits) expect(row.bits.length).toBe(CHUNK_DOCS / 8);
    }
  });

  it("are none for no docs", async () => {
    expect(await chunkRows(0, [])).toEqual([]);
  });
});
