import { CATEGORIES } from "@/lib/schemas/category-list";

/** What a person has typed so far: 2 letters up to the whole word. */
const typedPrefix = (word: string) => word.slice(0, 2 + Math.floor(Math.random() * Math.max(1, word.length - 1)));

/**
 * Search URLs as people produce them, over the words `word` draws: typed prefixes (the browser
 * searches after each pause), whole words, two-word queries, 40% with a category, mostly page 1
 * and some later pages.
 */
export function searchUrls(word: () => string): () => string {
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
