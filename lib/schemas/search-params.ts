import { z } from "zod";
import { CATEGORIES } from "./category-list";
import { searchDocSchema } from "./collection";
import { LIMITS } from "./limits";

export const PAGE_SIZE = 20;
/** Search serves the first 10,000 matches of a query (500 pages), like Elasticsearch's max_result_window. */
export const RESULT_WINDOW = 10_000;

/** Query string of GET /api-gateway/search. Empty values count as absent; the gateway refuses other parameters. */
export const searchParamsSchema = z.object({
  query: z
    .string()
    .max(LIMITS.query, { error: `at most ${LIMITS.query} characters` })
    .optional(),
  category: z
    .enum(CATEGORIES, {
      error: (issue) => `unknown category ${JSON.stringify(issue.input)}; allowed: ${CATEGORIES.join(", ")}`,
    })
    .optional(),
  pageNum: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, { error: "must be a positive integer below 1,000,000,000" })
    .transform(Number)
    .optional(),
});

export type SearchParams = z.output<typeof searchParamsSchema>;
export const SEARCH_PARAM_NAMES = Object.keys(searchParamsSchema.shape);

/** The search parameters of a query string, as both search routes read them (first value of each, empty = absent). */
export const searchQuery = {
  names: SEARCH_PARAM_NAMES,
  parse(params: URLSearchParams): SearchParams {
    const given = (name: string) => params.get(name) || undefined;
    return searchParamsSchema.parse({ query: given("query"), category: given("category"), pageNum: given("pageNum") });
  },
};

/** The answer of search: 20 collections a page, most relevant first. */
export const searchResponseSchema = z
  .object({
    NumPages: z.number().int().meta({
      description:
        "ceil(min(matches, 10000) / 20); 0 when nothing matches. Only the first 10,000 matches are served: a page past them answers Docs: [].",
    }),
    Docs: z.array(searchDocSchema),
  })
  .meta({ id: "SearchResult" });
export type SearchResult = z.output<typeof searchResponseSchema>;
