import { createLoader, createParser, createSerializer, parseAsStringLiteral } from "nuqs/server";
import { normalizePage } from "@/lib/browse/url-state";
import { LIMITS } from "@/lib/schemas/limits";
import { SORTS, STATUS_FILTERS, type ManagedListInput } from "@/lib/schemas/managed-list";

/*
 * My collections' URL: `?q=…&status=…&sort=…&page=…`. The same parsers read it in the browser
 * (nuqs) and in the JSON route, so a shared or hand-edited link always lands on a valid list.
 * No zod here: the browser loads this module.
 */

const parseAsTitleText = createParser({
  parse: (value) => value.slice(0, LIMITS.title) || null,
  serialize: (value: string) => value,
});

const parseAsPage = createParser({
  parse: (value) => normalizePage(value),
  serialize: (value: number) => String(value),
});

export const managedListParsers = {
  text: parseAsTitleText.withDefault(""),
  status: parseAsStringLiteral(STATUS_FILTERS),
  sort: parseAsStringLiteral(SORTS).withDefault("recent"),
  page: parseAsPage.withDefault(1),
};

/** The text filter keeps its established `?q=` name. */
export const managedListUrlKeys = { text: "q" } as const;

const serialize = createSerializer(managedListParsers, { clearOnDefault: true, urlKeys: managedListUrlKeys });

/** `/portal/collections?…` for a list state; defaults are left out. */
export const managedListHref = (input: ManagedListInput) => serialize("/portal/collections", input);

/** The list state of a query string: the JSON route takes the page's own parameters. */
export const readManagedListInput: (params: URLSearchParams) => ManagedListInput = createLoader(managedListParsers, {
  urlKeys: managedListUrlKeys,
});

/** The JSON route's query string: the page's own parameters. */
export const managedListQuery = { names: ["q", "status", "sort", "page"], parse: readManagedListInput };

/** The JSON route's URL for a list state. */
export const managedListApiUrl = (input: ManagedListInput) => serialize("/api/portal/collections", input);
