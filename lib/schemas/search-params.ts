import { z } from "zod";
import { canonicalChainLabel } from "@/lib/schemas/chains";
import { CATEGORIES } from "./category-list";
import { RELEASE_STATUSES, searchDocSchema } from "./collection";
import { PERK_STATUSES } from "./perk";
import { LIMITS } from "./limits";

/** The page size when `pageSize` is not given. */
export const PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const SEARCH_SORTS = ["relevance", "newest", "title"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const SEARCH_FACETS = ["category", "chain"] as const;
export type SearchFacet = (typeof SEARCH_FACETS)[number];
/**
 * A facet over free text (`chain`: any label up to 500 characters) lists at most this many
 * values, those with the most matches (ties by name); the matches of the others are summed in
 * `FacetsOther`, so one answer stays small however many distinct labels are stored.
 */
export const FACET_VALUE_LIMIT = 20;
/** Search serves the first 10,000 matches of a query (500 pages), like Elasticsearch's max_result_window. */
export const RESULT_WINDOW = 10_000;

/** The contract's three search parameters, shared by every search of the API (collections, perks). */
export const queryParam = z
  .string()
  .max(LIMITS.query, { error: `at most ${LIMITS.query} characters` })
  .optional();
export const categoryParam = z
  .enum(CATEGORIES, {
    error: (issue) => `unknown category ${JSON.stringify(issue.input)}; allowed: ${CATEGORIES.join(", ")}`,
  })
  .optional();
export const pageNumParam = z
  .string()
  .regex(/^[1-9]\d{0,8}$/, { error: "must be a positive integer below 1,000,000,000" })
  .transform(Number)
  .optional();

/** `verified=1`: only what belongs to verified collections (collections, perks); any other value is refused. */
export const verifiedParam = z
  .enum(["1"], { error: "must be 1 (only verified collections); leave it out for all" })
  .transform(() => true as const)
  .optional();

/** Query string of GET /api-gateway/search. Empty values count as absent; the gateway refuses other parameters. */
export const searchParamsSchema = z.object({
  query: queryParam,
  category: categoryParam,
  pageNum: pageNumParam,
  chain: z
    .string()
    .max(LIMITS.text, { error: `at most ${LIMITS.text} characters` })
    .overwrite(canonicalChainLabel)
    .optional()
    .meta({
      description:
        "Only collections on this `ContractChain` (exact; a chain of the synced table matches in any case, as it is stored in the table's spelling). A chain no stored collection is on is a 400 naming the known ones.",
    }),
  releaseStatus: z
    .enum(RELEASE_STATUSES, { error: `must be one of ${RELEASE_STATUSES.join(", ")}` })
    .optional()
    .meta({ description: "Only collections with this `ReleaseStatus`." }),
  perkStatus: z
    .enum(PERK_STATUSES, { error: `must be one of ${PERK_STATUSES.join(", ")}` })
    .optional()
    .meta({
      description:
        "Only collections with at least one perk in this status. A perk is `Past` when stored as `Past` or when its `Date` is before the time of the search; `Upcoming` when stored as `Upcoming` and not dated before then.",
    }),
  verified: verifiedParam.meta({
    description:
      "`1`: only collections verified by their contract's `owner()` (`Verified: true`). Whatever it is, verified collections come before unverified ones of equal relevance.",
  }),
  sort: z
    .enum(SEARCH_SORTS, { error: `must be one of ${SEARCH_SORTS.join(", ")}` })
    .optional()
    .meta({
      description:
        "`relevance` (the default; without a query, verified collections first, then most recently modified first), `newest` (most recently modified first) or `title` (A to Z, ignoring case). Ties go by id.",
    }),
  pageSize: z
    .string()
    .regex(/^\d{1,3}$/, { error: `must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
    .transform(Number)
    .refine((size) => size >= 1 && size <= MAX_PAGE_SIZE, { error: `must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
    .optional()
    .meta({ description: `Collections a page, 1 to ${MAX_PAGE_SIZE} (default ${PAGE_SIZE}); \`NumPages\` follows it.` }),
  facets: z
    .string()
    .transform((list, ctx) => {
      const names = [...new Set(list.split(","))];
      for (const name of names) {
        if (!(SEARCH_FACETS as readonly string[]).includes(name)) {
          ctx.addIssue({ code: "custom", message: `unknown facet ${JSON.stringify(name)}; allowed: ${SEARCH_FACETS.join(", ")}` });
          return z.NEVER;
        }
      }
      return names as SearchFacet[];
    })
    .optional()
    .meta({
      description: `Comma-separated \`category\`, \`chain\`: adds \`Facets\` with the number of matching collections per category and per chain, counted over every match, not the page (over the first 10,000 matches with \`releaseStatus\`, \`perkStatus\`, \`verified\` or a contract-address query). Chains are free text: only the ${FACET_VALUE_LIMIT} with the most matches are listed, and the rest are summed in \`FacetsOther.chain\`.`,
    }),
});

export type SearchParams = z.output<typeof searchParamsSchema>;
export const SEARCH_PARAM_NAMES = Object.keys(searchParamsSchema.shape);

/** The search parameters of a query string, as both search routes read them (first value of each, empty = absent). */
export const searchQuery = {
  names: SEARCH_PARAM_NAMES,
  parse(params: URLSearchParams): SearchParams {
    const given = (name: string) => params.get(name) || undefined;
    return searchParamsSchema.parse(Object.fromEntries(SEARCH_PARAM_NAMES.map((name) => [name, given(name)])));
  },
};

const countsSchema = z.record(z.string(), z.number().int());

export const searchFacetsSchema = z
  .object({
    category: countsSchema
      .optional()
      .meta({ description: "Matching collections per category; a collection counts once in each of its categories." }),
    chain: countsSchema.optional().meta({
      description: `Matching collections per \`ContractChain\`, for the ${FACET_VALUE_LIMIT} chains with the most matches (ties by name); with \`FacetsOther.chain\` they sum to the matches counted.`,
    }),
  })
  .meta({ id: "SearchFacets" });
export type SearchFacets = z.output<typeof searchFacetsSchema>;

export const searchFacetsOtherSchema = z
  .object({
    chain: z
      .number()
      .int()
      .optional()
      .meta({ description: `Matching collections on the chains beyond the ${FACET_VALUE_LIMIT} listed in \`Facets.chain\`.` }),
  })
  .meta({ id: "SearchFacetsOther" });
export type SearchFacetsOther = z.output<typeof searchFacetsOtherSchema>;

/** The answer of search: 20 collections a page (or `pageSize`), most relevant first. */
export const searchResponseSchema = z
  .object({
    NumPages: z.number().int().meta({
      description:
        "ceil(min(matches, 10000) / pageSize); 0 when nothing matches. Only the first 10,000 matches are served: a page past them answers Docs: [].",
    }),
    Docs: z.array(searchDocSchema),
    Facets: searchFacetsSchema.optional().meta({ description: "Only when `facets` is given." }),
    FacetsOther: searchFacetsOtherSchema.optional().meta({
      description: `Only when a facet over free text (\`chain\`) had more than ${FACET_VALUE_LIMIT} values with matches: the matches of the values left out of \`Facets\`, per facet.`,
    }),
  })
  .meta({ id: "SearchResult" });
export type SearchResult = z.output<typeof searchResponseSchema>;
