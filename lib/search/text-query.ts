const MAX_TERMS = 16;
const MAX_TERM_LENGTH = 64;

/** The distinct words of what a person typed, lower-cased: letters and digits only, at most 16. */
export function queryTerms(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.map((word) => word.slice(0, MAX_TERM_LENGTH)))].slice(0, MAX_TERMS);
}

/**
 * Turns what a person typed into a PostgreSQL tsquery: every word must match, and words of two
 * or more characters match as prefixes ("bore" finds "Bored"). Only letters and digits survive,
 * so no input can inject tsquery syntax. Null when nothing searchable is left.
 */
export function toTsQuery(text: string): string | null {
  const terms = queryTerms(text);
  if (terms.length === 0) return null;
  return terms.map((term) => (term.length >= 2 ? `${term}:*` : term)).join(" & ");
}
