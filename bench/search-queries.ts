import { CATEGORIES } from "@/lib/schemas/category-list";
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

/** What a person has typed so far: 2 letters up to the whole word. */
const typedPrefix = (word: string) => word.slice(0, 2 + Math.floor(Math.random() * Math.max(1, word.length - 1)));

/**
 * Search URLs as people produce them: typed prefixes (the browser searches after each pause),
 * whole words, two-word queries, 40% with a category, mostly page 1 and some later pages, over
 * words that occur in the store (70% title words, 30% other text).
 */
export function variedSearches(words: StoreWords): () => string {
  const titleWord = wordSampler(words.title);
  const textWord = wordSampler(words.text);
  const word = () => (Math.random() < 0.7 ? titleWord() : textWord());
  return () => {
    const roll = Math.random();
    const text = roll < 0.4 ? typedPrefix(word()) : roll < 0.75 ? word() : `${word()} ${typedPrefix(word())}`;
    const category =
      Math.random() < 0.4 ? `&category=${encodeURIComponent(CATEGORIES[Math.floor(Math.random() * CATEGORIES.length)]!)}` : "";
    const pageRoll = Math.random();
    const page = pageRoll < 0.8 ? 1 : pageRoll < 0.95 ? 2 + Math.floor(Math.random() * 4) : 6 + Math.floor(Math.random() * 45);
    return `/api-gateway/search?query=${encodeURIComponent(text)}${category}${page > 1 ? `&pageNum=${page}` : ""}`;
  };
}
