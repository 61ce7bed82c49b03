import { z } from "zod";
import { PERK_STATUSES, perkDocSchema } from "./perk";
import { categoryParam, pageNumParam, queryParam, verifiedParam } from "./search-params";

/** The radius of a `near` search when `radiusKm` is not given: a metropolitan area. */
export const DEFAULT_RADIUS_KM = 50;
/** Half the Earth's circumference, rounded up: every place is within it. */
export const MAX_RADIUS_KM = 20_000;
export const PERK_SORTS = ["date", "distance", "relevance"] as const;
export type PerkSort = (typeof PERK_SORTS)[number];

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** An ISO calendar day (YYYY-MM-DD), as ms at its UTC midnight. */
const isoDay = z
  .string()
  .transform((text, ctx) => {
    const match = DAY.exec(text);
    const ms = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN;
    const back = Number.isNaN(ms) ? "" : new Date(ms).toISOString().slice(0, 10);
    if (!match || back !== text) {
      ctx.addIssue({ code: "custom", message: "expected an ISO date YYYY-MM-DD" });
      return z.NEVER;
    }
    return ms;
  })
  .meta({ description: "An ISO date, YYYY-MM-DD (a day in UTC).", format: "date" });

const NEAR = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;
const NEAR_MESSAGE = 'expected "<lat>,<long>" with latitude -90..90 and longitude -180..180';

const near = z
  .string()
  .transform((text, ctx) => {
    const match = NEAR.exec(text);
    const lat = Number(match?.[1]);
    const long = Number(match?.[2]);
    if (!match || !(Math.abs(lat) <= 90) || !(Math.abs(long) <= 180)) {
      ctx.addIssue({ code: "custom", message: NEAR_MESSAGE });
      return z.NEVER;
    }
    return { lat, long };
  })
  .meta({ description: "A point as `<latitude>,<longitude>` in degrees, e.g. `48.8566,2.3522`." });

/** Each parameter of GET /api-gateway/perks on its own (the OpenAPI document's); see `perkSearchParamsSchema`. */
export const perkSearchFieldsSchema = z.object({
  query: queryParam,
  category: categoryParam,
  near: near.optional(),
  radiusKm: z
    .string()
    .regex(/^\d+(\.\d+)?$/, { error: `expected a number of kilometres, 1 to ${MAX_RADIUS_KM}` })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(1, { error: "at least 1" })
        .max(MAX_RADIUS_KM, { error: `at most ${MAX_RADIUS_KM}` }),
    )
    .optional()
    .meta({ description: `Kilometres around \`near\`, 1 to ${MAX_RADIUS_KM}; ${DEFAULT_RADIUS_KM} when left out. Only with \`near\`.` }),
  from: isoDay.optional().meta({ description: "Perks dated on this UTC day or later (YYYY-MM-DD); undated perks are left out." }),
  to: isoDay.optional().meta({ description: "Perks dated on this UTC day or earlier (YYYY-MM-DD), not before `from`." }),
  status: z
    .enum(PERK_STATUSES, { error: `must be one of ${PERK_STATUSES.join(", ")}` })
    .optional()
    .meta({
      description:
        "`Past`: stored as Past, or its Date is over (read at the moment of the request). `Upcoming`: stored as Upcoming and its Date not over.",
    }),
  verified: verifiedParam.meta({ description: "`1`: only perks of collections verified by their contract's `owner()`." }),
  oneTime: z
    .enum(["true", "false"], { error: "expected true or false" })
    .transform((value) => value === "true")
    .optional()
    .meta({ description: "`true`: perks with `OneTime: true`; `false`: the others (an absent OneTime counts as false)." }),
  sort: z
    .enum(PERK_SORTS, { error: `must be one of ${PERK_SORTS.join(", ")}` })
    .optional()
    .meta({
      description:
        "`distance` (nearest first; needs `near`), `relevance` (a match in ShortDescription first, then by date; needs `query`), `date` (upcoming soonest first, then past most recent first, then undated). Default: `distance` with `near`, else `relevance` with `query`, else `date`. Ties go by PlatformPerkId.",
    }),
  pageNum: pageNumParam,
});

/** Query string of GET /api-gateway/perks, with the rules across parameters. Empty values count as absent; the gateway refuses other parameters. */
export const perkSearchParamsSchema = perkSearchFieldsSchema.superRefine((params, ctx) => {
  if (params.radiusKm !== undefined && !params.near) ctx.addIssue({ code: "custom", path: ["radiusKm"], message: "needs near" });
  if (params.from !== undefined && params.to !== undefined && params.to < params.from)
    ctx.addIssue({ code: "custom", path: ["to"], message: "before from" });
  if (params.sort === "distance" && !params.near) ctx.addIssue({ code: "custom", path: ["sort"], message: "distance needs near" });
  if (params.sort === "relevance" && !params.query?.trim())
    ctx.addIssue({ code: "custom", path: ["sort"], message: "relevance needs query" });
});

export type PerkSearchParams = z.output<typeof perkSearchParamsSchema>;
export const PERK_SEARCH_PARAM_NAMES = [
  "query",
  "category",
  "near",
  "radiusKm",
  "from",
  "to",
  "status",
  "oneTime",
  "verified",
  "sort",
  "pageNum",
] as const;

/** The parameters of a query string, as both perk routes read them (first value of each, empty = absent). */
export const perkSearchQuery = {
  names: PERK_SEARCH_PARAM_NAMES as readonly string[],
  parse(params: URLSearchParams): PerkSearchParams {
    const given = Object.fromEntries(PERK_SEARCH_PARAM_NAMES.map((name) => [name, params.get(name) || undefined]));
    return perkSearchParamsSchema.parse(given);
  },
};

export const perkSearchDocSchema = perkDocSchema
  .extend({
    CollectionTitle: z.string(),
    CollectionImage: z.string().optional(),
    CollectionVerifiedBy: z.string().optional().meta({
      description:
        "Present when the perk's collection is verified by its contract's `owner()`: that address (`VerifiedBy` on the collection).",
    }),
    DistanceKm: z.number().optional().meta({ description: "Great-circle distance from `near`, in km; only with `near`." }),
  })
  .meta({ id: "PerkSearchDoc" });
export type PerkSearchDoc = z.output<typeof perkSearchDocSchema>;

export const perkSearchResponseSchema = z
  .object({
    NumPages: z.number().int().meta({
      description: "ceil(min(matches, 10000) / 20); 0 when nothing matches. A page past the first 10,000 matches answers Docs: [].",
    }),
    Docs: z.array(perkSearchDocSchema),
  })
  .meta({ id: "PerkSearchResult" });
export type PerkSearchResult = z.output<typeof perkSearchResponseSchema>;
