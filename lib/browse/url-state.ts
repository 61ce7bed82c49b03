import { createParser, createSerializer } from "nuqs/server";
import { CATEGORIES, type Category } from "@/lib/schemas/category-list";
import { LIMITS } from "@/lib/schemas/limits";

/**
 * The browse page's URL: `?query=…&category=…&page=…`. These parsers are shared by the server
 * page (first paint) and the client (nuqs), so both read the same state from the same URL, and a
 * hand-edited value always lands on something valid instead of an error.
 */

/** The search's own bound on page numbers (`pageNum` below 1,000,000,000). */
export const MAX_PAGE = 999_999_999;

export type BrowseInput = { query: string; category: Category | null; page: number };

export const DEFAULT_INPUT: BrowseInput = { query: "", category: null, page: 1 };

/** Text past the search's limit is cut rather than refused. */
export function normalizeQuery(raw: string): string {
  return raw.slice(0, LIMITS.query);
}

/** Exact name, or the same name in other case ("merch" → "Merch"); anything else is no category. */
export function normalizeCategory(raw: string): Category | null {
  const exact = CATEGORIES.find((category) => category === raw);
  if (exact) return exact;
  const folded = raw.trim().toLowerCase();
  return CATEGORIES.find((category) => category.toLowerCase() === folded) ?? null;
}

/** A whole number of 1 or more, capped at MAX_PAGE; "0", "-1", "abc" and "2.5" are page 1. */
export function normalizePage(raw: string): number {
  const trimmed = raw.trim();
  if (!/^\+?\d+$/.test(trimmed)) return 1;
  const digits = trimmed.replace(/^\+?0*/, "");
  if (digits === "") return 1;
  return digits.length > String(MAX_PAGE).length ? MAX_PAGE : Math.min(Number(digits), MAX_PAGE);
}

const parseAsQuery = createParser({
  parse: (value) => normalizeQuery(value) || null,
  serialize: (value: string) => value,
});

const parseAsCategory = createParser({
  parse: (value) => normalizeCategory(value),
  serialize: (value: Category) => value,
});

const parseAsPage = createParser({
  parse: (value) => normalizePage(value),
  serialize: (value: number) => String(value),
});

export const browseParsers = {
  query: parseAsQuery.withDefault(DEFAULT_INPUT.query),
  category: parseAsCategory,
  page: parseAsPage.withDefault(DEFAULT_INPUT.page),
};

const serializeBrowse = createSerializer(browseParsers, { clearOnDefault: true });

/** `/?…` for a browse state, from any page; defaults are left out, so the home page is `/`. */
export const browseHref = (input: BrowseInput): string => serializeBrowse("/", input);

type RawParams = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The browse state a URL's query string stands for. */
export function readBrowseInput(params: RawParams): BrowseInput {
  const query = first(params.query);
  const category = first(params.category);
  const page = first(params.page);
  return {
    query: query === undefined ? "" : normalizeQuery(query),
    category: category === undefined || category === "" ? null : normalizeCategory(category),
    page: page === undefined || page === "" ? 1 : normalizePage(page),
  };
}

/**
 * Plain words for every value the URL had that could not be used as it was, so a visitor with
 * a hand-edited or truncated link sees what happened instead of an error.
 */
export function describeCorrections(params: RawParams): string[] {
  const notes: string[] = [];
  const query = first(params.query);
  const category = first(params.category);
  const page = first(params.page);
  if (query !== undefined && query.length > LIMITS.query) {
    notes.push(`Your search was shortened to its first ${LIMITS.query} characters.`);
  }
  if (category !== undefined && category !== "" && normalizeCategory(category) === null) {
    notes.push(`There is no category called “${category.slice(0, 40)}”, so all categories are shown.`);
  }
  if (page !== undefined && page !== "") {
    const trimmed = page.trim();
    if (!/^\+?\d+$/.test(trimmed)) {
      notes.push(`“${page.slice(0, 20)}” is not a page number, so the first page is shown.`);
    } else if (/^\+?0+$/.test(trimmed)) {
      notes.push("Pages are numbered from 1, so the first page is shown.");
    }
  }
  return notes;
}
