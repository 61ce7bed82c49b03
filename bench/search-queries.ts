import { searchUrls } from "@/lib/traffic/varied-searches";
import { weightedSampler } from "../scripts/seed/zipf";

export type StoreWords = { title: { word: string; ndoc: number }[]; text: { word: string; ndoc: number }[] };

type Sampler = () => string;

/** Half the draws follow how common a word is (popular words get searched more), half are uniform (the long tail). */
function wordSampler(words: { word: string; ndoc: number }[]): Sampler {
  if (words.length === 0) return () => "club";
  const byFrequency = weightedSampler(
    words.map(({ word, ndoc }) => [word, Number(ndoc)] as const),
    Math.random,
  );
  return () => (Math.random() < 0.5 ? words[Math.floor(Math.random() * words.length)]!.word : byFrequency());
}

/** Search URLs as people produce them (lib/traffic/varied-searches.ts) over words that occur in the store: 70% title words, 30% other text. */
export function variedSearches(words: StoreWords): () => string {
  const titleWord = wordSampler(words.title);
  const textWord = wordSampler(words.text);
  return searchUrls(() => (Math.random() < 0.7 ? titleWord() : textWord()));
}
