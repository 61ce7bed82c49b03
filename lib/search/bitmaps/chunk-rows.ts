import "server-only";
import { CHUNK_DOCS, FIELDS, lexemeTerms, rowTerms } from "./terms";

/** A term's bits in one chunk, as positions when few (the statement makes them with `uds_bit_mask`), else as bits. */
export type ChunkRow = { term: string; chunk: number; bits: Uint8Array | null; positions: number[] | null };
/** A search row's lexemes as text, each field's separated by spaces (`buildSearchBitmaps` reads them so). */
export type ChunkDoc = { doc: number; a: string; t: string; chain: string; title_words: number };

/** Terms set in at most this many docs of a chunk are sent as positions. */
export const FEW_BITS = 32;
/** Docs (or terms) between two turns of the event loop: a build in a serving process stalls no request for long. */
const YIELD_EVERY = 2_048;
const turn = () => new Promise(setImmediate);

/** Numbers for distinct strings, in the order first seen. */
class Numbering {
  readonly names: string[] = [];
  private readonly numbers = new Map<string, number>();
  numberOf(name: string): number {
    let n = this.numbers.get(name);
    if (n === undefined) {
      this.numbers.set(name, (n = this.names.length));
      this.names.push(name);
    }
    return n;
  }
}

/** A growable list of 32-bit integers, off the JavaScript heap. */
class IntList {
  values = new Int32Array(1 << 16);
  length = 0;
  push(value: number) {
    if (this.length === this.values.length) {
      const grown = new Int32Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }
}

/**
 * The bitmap rows of one chunk: `bitmapTermsOf` of every doc. A chunk holds some 4 million
 * lexemes over some 20,000 terms (12 million term occurrences with the prefixes). The text is
 * read once: each distinct lexeme gets a number and its terms are made once; after that, two
 * passes over integers count each term's docs and place them in one array (a growing list per
 * term took twice as long, and held the occurrences on the JavaScript heap).
 */
export async function chunkRows(chunk: number, docs: ChunkDoc[]): Promise<ChunkRow[]> {
  const terms = new Numbering();
  // Per field, a lexeme's number; the row terms share field 0's map under keys no lexeme has.
  const lexemeNumbers = [new Map<string, number>(), new Map<string, number>()];
  // Lexeme n's terms are termsOfLexeme[termsFrom[n]] up to termsFrom[n + 1].
  const termsFrom = new IntList();
  const termsOfLexeme = new IntList();
  const numberLexeme = (known: Map<string, number>, key: string, made: string[]) => {
    const n = termsFrom.length;
    known.set(key, n);
    termsFrom.push(termsOfLexeme.length);
    for (const name of made) termsOfLexeme.push(terms.numberOf(name));
    return n;
  };
  // The docs' lexemes as numbers, doc after doc: doc i's from docFrom[i] up to docFrom[i + 1].
  const docLexemes = new IntList();
  const docFrom = new Int32Array(docs.length + 1);
  for (let i = 0; i < docs.length; i += 1) {
    // Let the event loop send the statements queued meanwhile (the previous chunk's inserts).
    if (i % YIELD_EVERY === YIELD_EVERY - 1) await turn();
    const { a, t, chain, title_words } = docs[i]!;
    docFrom[i] = docLexemes.length;
    for (let field = 0; field < FIELDS.length; field += 1) {
      const text = field === 0 ? a : t;
      const known = lexemeNumbers[field]!;
      // The text search parser never makes a lexeme with a space.
      for (let from = 0; text !== "" && from <= text.length;) {
        const to = text.indexOf(" ", from);
        const end = to === -1 ? text.length : to;
        const lexeme = text.slice(from, end);
        docLexemes.push(known.get(lexeme) ?? numberLexeme(known, lexeme, lexemeTerms(lexeme, FIELDS[field]!)));
        from = end + 1;
      }
    }
    for (const name of rowTerms(chain, title_words)) {
      const key = ` ${name}`;
      docLexemes.push(lexemeNumbers[0]!.get(key) ?? numberLexeme(lexemeNumbers[0]!, key, [name]));
    }
  }
  docFrom[docs.length] = docLexemes.length;
  termsFrom.push(termsOfLexeme.length);

  const lexemes = docLexemes.values;
  const from = termsFrom.values;
  const termList = termsOfLexeme.values;
  const termCount = terms.names.length;
  // A doc's terms come from several lexemes (shared prefixes): `last` keeps each term's latest doc.
  // Pass 1 counts each term's docs, pass 2 writes their positions where its count placed them.
  const last = new Int32Array(termCount);
  const counts = new Int32Array(termCount);
  const start = new Int32Array(termCount + 1);
  let placed = new Int32Array(0);
  let next = new Int32Array(0);
  for (let pass = 1; pass <= 2; pass += 1) {
    last.fill(-1);
    for (let i = 0; i < docs.length; i += 1) {
      if (i % YIELD_EVERY === YIELD_EVERY - 1) await turn();
      const position = docs[i]!.doc - chunk * CHUNK_DOCS;
      for (let k = docFrom[i]!; k < docFrom[i + 1]!; k += 1) {
        const lexeme = lexemes[k]!;
        for (let j = from[lexeme]!; j < from[lexeme + 1]!; j += 1) {
          const term = termList[j]!;
          if (last[term] === i) continue;
          last[term] = i;
          if (pass === 1) counts[term]! += 1;
          else placed[next[term]!++] = position;
        }
      }
    }
    if (pass === 1) {
      for (let term = 0; term < termCount; term += 1) start[term + 1] = start[term]! + counts[term]!;
      next = start.slice(0, termCount);
      placed = new Int32Array(start[termCount]!);
    }
  }

  const rows: ChunkRow[] = [];
  for (const [n, term] of terms.names.entries()) {
    if (n % YIELD_EVERY === YIELD_EVERY - 1) await turn();
    const own = placed.subarray(start[n]!, start[n + 1]!);
    if (own.length <= FEW_BITS) {
      rows.push({ term, chunk, bits: null, positions: Array.from(own) });
      continue;
    }
    const bits = new Uint8Array(CHUNK_DOCS / 8);
    for (const position of own) bits[position >> 3]! |= 0x80 >> (position & 7);
    rows.push({ term, chunk, bits, positions: null });
  }
  return rows;
}
