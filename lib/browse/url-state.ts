import { createParser, createSerializer } from "nuqs/server";
import { CATEGORIES, type Category } from "@/lib/schemas/category-list";
import type { ReleaseStatus } from "@/lib/schemas/collection";
import { LIMITS } from "@/lib/schemas/limits";
import type { SearchSort } from "@/lib/schemas/search-params";

/**
 * The browse page's URL: `?query=…&category=…&chain=…&releaseStatus=…&verified=1&sort=…&pageSize=…&page=…`.
 * These parsers are shared by the server
 * page (first paint) and the client (nuqs), so both read the same state from the same URL, and a
 * hand-edited value always lands on something valid instead of an error.
 */

type RawParams = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The search's own bound on page numbers (`pageNum` below 1,000,000,000). */
export const MAX_PAGE = 999_999_999;

// Copies of the schemas' lists: those modules bring zod, which stays out of the browser (decision 021).
export const RELEASE_STATUS_OPTIONS = ["Upcoming", "Available"] as const satisfies readonly ReleaseStatus[];
export const SORT_OPTIONS = ["relevance", "newest", "title"] as const satisfies readonly SearchSort[];
/** Page sizes the browser offers; the API takes any from 1 to 100. */
export const PAGE_SIZE_OPTIONS = [20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;

export type BrowseInput = {
  query: string;
  category: Category | null;
  /** Exactly as stored; the page drops a chain no collection is on. */
  chain: string | null;
  releaseStatus: ReleaseStatus | null;
  /** Only collections verified by their contract's owner (`verified=1`). */
  verified: boolean;
  /** Null: the search's default (relevance: with a query the best match, without one verified first, then newest). */
  sort: SearchSort | null;
  pageSize: number;
  page: number;
};

export const DEFAULT_INPUT: BrowseInput = {
  query: "",
  category: null,
  chain: null,
  releaseStatus: null,
  verified: false,
  sort: null,
  pageSize: DEFAULT_PAGE_SIZE,
  page: 1,
};

const oneOf = <T extends string>(options: readonly T[], raw: string): T | null => {
  const folded = raw.trim().toLowerCase();
  return options.find((option) => option.toLowerCase() === folded) ?? null;
};

export const normalizeReleaseStatus = (raw: string): ReleaseStatus | null => oneOf(RELEASE_STATUS_OPTIONS, raw);
export const normalizeSort = (raw: string): SearchSort | null => oneOf(SORT_OPTIONS, raw);

/** One of the offered sizes; anything else is the default. */
export function normalizePageSize(raw: string): number {
  const size = Number(raw.trim());
  return (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
}

/** `verified=1` (or `true`, any case) turns the filter on; anything else leaves it off. */
export const normalizeVerified = (raw: string): boolean => ["1", "true"].includes(raw.trim().toLowerCase());

/** Chains are free text: kept as given (trimmed, bounded), checked against the store by the page. */
export const normalizeChain = (raw: string): string | null => raw.trim().slice(0, LIMITS.text) || null;

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

/**
 * The public pages' one rule for a typed page number: plain words for one that could not be used
 * as it was (`normalizePage` shows the nearest page), none for one that could. A number past the
 * last page is said by `lastPageNote` once the page count is known.
 */
export function pageNumberNote(raw: string): string | null {
  const trimmed = raw.trim();
  if (!/^\+?\d+$/.test(trimmed))
    return `“${raw.length > 20 ? `${raw.slice(0, 20)}…` : raw}” is not a page number, so the first page is shown.`;
  if (/^\+?0+$/.test(trimmed)) return "Pages are numbered from 1, so the first page is shown.";
  return null;
}

/** A page past the last was asked for, and the last one is shown (`of`: "of perks", "of results"). */
export const lastPageNote = (numPages: number, of?: string) =>
  `There ${numPages === 1 ? "is only 1 page" : `are only ${numPages.toLocaleString("en-US")} pages`}${of ? ` ${of}` : ""}, so the last one is shown.`;

/** The page number of a URL: `pageNum` (the API's name) or `page` (the home page's), whichever is given. */
export function rawPageOf(raw: RawParams): string | undefined {
  return first(raw.pageNum) || first(raw.page) || undefined;
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

const parseAsChain = createParser({ parse: normalizeChain, serialize: (value: string) => value });
const parseAsReleaseStatus = createParser({ parse: normalizeReleaseStatus, serialize: (value: ReleaseStatus) => value });
// Off is the default, left out of the URL; on is `verified=1`.
const parseAsVerified = createParser<boolean>({ parse: (value) => normalizeVerified(value), serialize: (value) => (value ? "1" : "") });
const parseAsSort = createParser({ parse: normalizeSort, serialize: (value: SearchSort) => value });
const parseAsPageSize = createParser({ parse: normalizePageSize, serialize: (value: number) => String(value) });

export const browseParsers = {
  query: parseAsQuery.withDefault(DEFAULT_INPUT.query),
  category: parseAsCategory,
  chain: parseAsChain,
  releaseStatus: parseAsReleaseStatus,
  verified: parseAsVerified.withDefault(DEFAULT_INPUT.verified),
  sort: parseAsSort,
  pageSize: parseAsPageSize.withDefault(DEFAULT_INPUT.pageSize),
  page: parseAsPage.withDefault(DEFAULT_INPUT.page),
};

const serializeBrowse = createSerializer(browseParsers, { clearOnDefault: true });

/** `/?…` for a browse state, from any page; defaults are left out, so the home page is `/`. */
export const browseHref = (input: Partial<BrowseInput>): string => serializeBrowse("/", { ...DEFAULT_INPUT, ...input });

/** The browse state a URL's query string stands for. */
export function readBrowseInput(params: RawParams): BrowseInput {
  const query = first(params.query);
  const category = first(params.category);
  const page = first(params.page);
  const given = (name: string) => first(params[name]) || undefined;
  const chain = given("chain");
  const releaseStatus = given("releaseStatus");
  const verified = given("verified");
  const sort = given("sort");
  const pageSize = given("pageSize");
  return {
    query: query === undefined ? "" : normalizeQuery(query),
    category: category === undefined || category === "" ? null : normalizeCategory(category),
    chain: chain === undefined ? null : normalizeChain(chain),
    releaseStatus: releaseStatus === undefined ? null : normalizeReleaseStatus(releaseStatus),
    verified: verified === undefined ? false : normalizeVerified(verified),
    sort: sort === undefined ? null : normalizeSort(sort),
    pageSize: pageSize === undefined ? DEFAULT_PAGE_SIZE : normalizePageSize(pageSize),
    page: page === undefined || page === "" ? 1 : normalizePage(page),
  };
}

const BROWSE_NAMES = ["query", "category", "chain", "releaseStatus", "verified", "sort", "pageSize", "page"] as const;

/**
 * The same URL without empty values and with the API's `pageNum` written as `page`, or null when it
 * is already so (a form sent without JavaScript writes every field; links from elsewhere may use
 * the API's name). Values are kept as given, so the page can still say what it corrected.
 */
export function tidyBrowseHref(params: RawParams): string | null {
  const untidy = Object.entries(params).some(
    ([name, value]) => name === "pageNum" || ((BROWSE_NAMES as readonly string[]).includes(name) && !first(value)),
  );
  if (!untidy) return null;
  const kept = new URLSearchParams();
  for (const name of BROWSE_NAMES) {
    const value = name === "page" ? first(params.page) || first(params.pageNum) : first(params[name]);
    if (value) kept.set(name, value);
  }
  const text = kept.toString();
  return text ? `/?${text}` : "/";
}

/**
 * A browse state's filters, sort and page size, named as the page's URL and the search API both
 * name them: what a new search keeps (the search form sends them, hidden, without JavaScript).
 */
export function filterParams(input: BrowseInput): Record<string, string> {
  const params: Record<string, string> = {};
  if (input.category) params.category = input.category;
  if (input.chain) params.chain = input.chain;
  if (input.releaseStatus) params.releaseStatus = input.releaseStatus;
  if (input.verified) params.verified = "1";
  if (input.sort) params.sort = input.sort;
  if (input.pageSize !== DEFAULT_PAGE_SIZE) params.pageSize = String(input.pageSize);
  return params;
}

/** The search parameters of a browse state (facets always: the chips and the chain list show them). */
export function browseSearchParams(input: BrowseInput): Record<string, string> {
  return {
    ...(input.query ? { query: input.query } : {}),
    ...filterParams(input),
    ...(input.page > 1 ? { pageNum: String(input.page) } : {}),
    facets: "category,chain",
  };
}

/**
 * Plain words for every value the URL had that could not be used as it was, so a visitor with
 * a hand-edited or truncated link sees what happened instead of an error.
 */
export function describeCorrections(params: RawParams, knownChains?: readonly string[]): string[] {
  const notes: string[] = [];
  const chain = first(params.chain);
  if (chain && knownChains && !knownChains.includes(normalizeChain(chain) ?? "")) {
    notes.push(`No collection is on a chain called “${chain.slice(0, 40)}”, so all chains are shown.`);
  }
  const releaseStatus = first(params.releaseStatus);
  if (releaseStatus && normalizeReleaseStatus(releaseStatus) === null) {
    notes.push(`“${releaseStatus.slice(0, 20)}” is not a release status, so every release status is shown.`);
  }
  const query = first(params.query);
  const category = first(params.category);
  const page = first(params.page);
  if (query !== undefined && query.length > LIMITS.query) {
    notes.push(`Your search was shortened to its first ${LIMITS.query} characters.`);
  }
  if (category !== undefined && category !== "" && normalizeCategory(category) === null) {
    notes.push(`There is no category called “${category.slice(0, 40)}”, so all categories are shown.`);
  }
  const pageNote = page ? pageNumberNote(page) : null;
  if (pageNote) notes.push(pageNote);
  return notes;
}
