import { z } from "zod";
import { CATEGORIES } from "./categories";
import { searchDocSchema } from "./collection";
import { LIMITS } from "./fields";

export const PAGE_SIZE = 20;

/** Query string of GET /api-gateway/search. Empty values count as absent; other parameters are ignored. */
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

/** The search parameters of a URL, as both search routes read them (first value of each, empty = absent). */
export function searchParamsFromUrl(url: URL): SearchParams {
  const given = (name: string) => url.searchParams.get(name) || undefined;
  return searchParamsSchema.parse({ query: given("query"), category: given("category"), pageNum: given("pageNum") });
}

/** The answer of search: 20 collections a page, most relevant first. */
export const searchResponseSchema = z
  .object({
    NumPages: z.number().int().meta({ description: "ceil(matches / 20); 0 when nothing matches." }),
    Docs: z.array(searchDocSchema),
  })
  .meta({ id: "SearchResult" });
export type SearchResult = z.output<typeof searchResponseSchema>;
