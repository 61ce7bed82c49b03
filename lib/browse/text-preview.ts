/**
 * How much of a perk's text the collection page shows before "Show more": the page's size then
 * grows with its number of perks, not with how long partners write (docs/decisions/060).
 */
export const PREVIEW_CHARS = { title: 200, description: 600 } as const;

/** A cut shorter than this share of the limit is a hard cut: one long word would leave too little. */
const SHORTEST_WORD_CUT = 0.6;

/** The start of `text`, at most `max` characters, cut at a word when it is cut at all. */
export function previewOf(text: string, max: number): { text: string; cut: boolean } {
  if (text.length <= max) return { text, cut: false };
  let end = max;
  // Never half of a surrogate pair: an emoji is cut before, not through.
  if (/[\uD800-\uDBFF]/.test(text[end - 1]!)) end -= 1;
  const space = text.slice(0, max + 1).search(/\s\S*$/);
  if (space >= max * SHORTEST_WORD_CUT) end = space;
  return { text: text.slice(0, end).trimEnd(), cut: true };
}
