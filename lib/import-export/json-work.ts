import { LIMITS } from "@/lib/schemas/limits";

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/** How deep a real file nests (array, request, perkData, perk, Date, dt) with room to spare. */
const MAX_DEPTH = 32;

/**
 * What a JSON file would cost to parse, counted in one pass over its text before `JSON.parse`
 * builds anything: 16 MiB of `{},` is five million objects, more than the heap holds. Counts the
 * top-level array's elements, objects and arrays, and elements plus members (commas and openings,
 * outside strings). Returns the first bound passed, or nothing; syntax is left to `JSON.parse`.
 */
export function jsonWorkProblem(text: string): string | undefined {
  let inString = false;
  let depth = 0;
  let containers = 0;
  let values = 0;
  let commas = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index += 1;
      else if (code === QUOTE) inString = false;
      continue;
    }
    if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
      depth += 1;
      containers += 1;
      values += 1;
      if (depth > MAX_DEPTH) return `nested more than ${MAX_DEPTH} levels deep`;
      if (containers > LIMITS.importContainers) return `more than ${LIMITS.importContainers.toLocaleString("en")} objects and arrays`;
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) {
      depth -= 1;
    } else if (code === COMMA) {
      values += 1;
      if (depth === 1) commas += 1;
    } else {
      continue;
    }
    // The top-level array holds one request more than its commas.
    if (commas >= LIMITS.importRequests) return `more than ${LIMITS.importRequests.toLocaleString("en")} create requests`;
    if (values > LIMITS.importValues) return `more than ${LIMITS.importValues.toLocaleString("en")} values`;
  }
  return undefined;
}
