/** A small seeded PRNG (mulberry32): fast, and repeatable for one seed. */
export function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Draws words with Zipf-like frequencies, as in real text: the word of rank r is drawn with
 * weight 1 / r^exponent, so a few words are in a large share of texts and most are rare.
 * The ranks come from a seeded shuffle, so which words are common depends on the seed only.
 */
export function zipfSampler(words: readonly string[], random: () => number, exponent = 1): () => string {
  const ranked = [...words];
  for (let i = ranked.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [ranked[i], ranked[j]] = [ranked[j]!, ranked[i]!];
  }
  return weightedSampler(
    ranked.map((word, index) => [word, 1 / (index + 1) ** exponent] as const),
    random,
  );
}

/** Draws values with the given relative weights (binary search over the cumulative weights). */
export function weightedSampler<T>(entries: readonly (readonly [T, number])[], random: () => number): () => T {
  const cumulative: number[] = [];
  let total = 0;
  for (const [, weight] of entries) cumulative.push((total += weight));
  return () => {
    const target = random() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! > target) high = middle;
      else low = middle + 1;
    }
    return entries[low]![0];
  };
}
