import { z } from "zod";
import { LIMITS } from "./limits";
import { pathIdSchema } from "./path-id";

/**
 * What partner insights count, per day (UTC), collection and perk: the internal metric names (the
 * store's `metric` column) and the wire's name for each, in the order charts and tables show them.
 */
export const INSIGHT_METRICS = {
  views: "Views",
  search: "SearchAppearances",
  wallet: "WalletAppearances",
  claims: "Claims",
  redemptions: "Redemptions",
  clicks: "OutboundClicks",
} as const;
export type InsightMetric = keyof typeof INSIGHT_METRICS;

/** What one appearance names: a collection, or a perk with its collection (an answer's doc). */
export type AppearanceRef = { PlatformNFTId: string | number; PlatformPerkId?: string };
export type InsightField = (typeof INSIGHT_METRICS)[InsightMetric];
export const INSIGHT_METRIC_NAMES = Object.keys(INSIGHT_METRICS) as InsightMetric[];

/** The longest range one answer covers, in days (a leap year). */
export const MAX_INSIGHT_DAYS = 366;
/** The range when none is asked: the last 30 days, today (UTC) included. */
export const DEFAULT_INSIGHT_DAYS = 30;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayField = z
  .string()
  .regex(DAY, { error: "must be a date written YYYY-MM-DD" })
  .refine(
    (day) => {
      const date = new Date(`${day}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
    },
    { error: "is not a calendar date", abort: true },
  );

const DAY_MS = 86_400_000;
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
/** Every day from `from` to `to`, both included. */
export const eachDay = (from: string, to: string): string[] =>
  Array.from({ length: Math.max(0, daysBetween(from, to)) }, (_, index) => dayOf(Date.parse(from) + index * DAY_MS));
/** The `days` days ending with `to`. */
export const lastDays = (days: number, to = dayOf(Date.now())) => ({ from: dayOf(Date.parse(to) - (days - 1) * DAY_MS), to });

/** Query of GET /collections/{PlatformNFTId}/insights: `from` and `to` (UTC days, both included), at most 366 days apart. */
export const insightsQueryFields = z.object({
  from: dayField.optional().meta({ description: "First day (UTC), YYYY-MM-DD. Default: 29 days before `to`.", example: "2026-11-01" }),
  to: dayField.optional().meta({ description: "Last day (UTC), YYYY-MM-DD, included. Default: today.", example: "2026-11-30" }),
});
/** The range asked, defaults filled in: a reversed range or one past MAX_INSIGHT_DAYS is a 400 naming the field. */
export const insightsQuerySchema = insightsQueryFields.transform((query, context) => {
  const to = query.to ?? dayOf(Date.now());
  const from = query.from ?? lastDays(DEFAULT_INSIGHT_DAYS, to).from;
  if (from > to) {
    context.addIssue({ code: "custom", path: [query.to ? "to" : "from"], message: `must not be before from (${from})` });
    return z.NEVER;
  }
  if (daysBetween(from, to) > MAX_INSIGHT_DAYS) {
    context.addIssue({ code: "custom", path: ["from"], message: `the range may cover at most ${MAX_INSIGHT_DAYS} days` });
    return z.NEVER;
  }
  return { from, to };
});
export type InsightsRange = z.output<typeof insightsQuerySchema>;

const count = (description: string) => z.number().int().min(0).meta({ description });
export const insightCountsSchema = z
  .object({
    Views: count("Public page views, counted by a beacon from the page (cached pages too); known bots not counted."),
    SearchAppearances: count(
      "Times it was in an answer of a search (API or pages): the collection search for a collection, the perk search for a perk.",
    ),
    WalletAppearances: count("Times a perk was listed as eligible on a wallet lookup (API or pages)."),
    Claims: count("Claims made (a wallet's code or a one-time token's claim), the first time only."),
    Redemptions: count("Codes redeemed by the partner."),
    OutboundClicks: count("Clicks on the collection's own links (website, marketplace, Discord, X) through the counting redirect."),
  })
  .meta({ id: "InsightCounts" });
export type InsightCounts = z.output<typeof insightCountsSchema>;

export const insightDaySchema = insightCountsSchema.extend({ Day: z.string().meta({ example: "2026-11-01" }) }).meta({ id: "InsightDay" });
export type InsightDay = z.output<typeof insightDaySchema>;

export const insightPerkSchema = insightCountsSchema
  .extend({ PlatformPerkId: z.string(), ShortDescription: z.string() })
  .meta({ id: "InsightPerk" });
export type InsightPerk = z.output<typeof insightPerkSchema>;

export const insightsResponseSchema = z
  .object({
    PlatformNFTId: z.string(),
    From: z.string(),
    To: z.string(),
    Totals: insightCountsSchema.meta({ description: "The whole range: the collection and all its perks." }),
    Days: z.array(insightDaySchema).meta({
      description: "Every day of the range, oldest first, zeros included: the collection's own counts plus its perks'.",
    }),
    Perks: z.array(insightPerkSchema).meta({ description: "Each current perk's totals over the range, in the collection's order." }),
  })
  .meta({ id: "CollectionInsights" });
export type CollectionInsights = z.output<typeof insightsResponseSchema>;

/** A team's insights in the portal: its collections summed per day, and its most viewed collections' totals. */
export const teamInsightsSchema = z.object({
  From: z.string(),
  To: z.string(),
  Totals: insightCountsSchema,
  Days: z.array(insightDaySchema),
  Collections: z.array(insightCountsSchema.extend({ PlatformNFTId: z.string(), Title: z.string() })),
});
export type TeamInsights = z.output<typeof teamInsightsSchema>;

/** The portal's ranges, in days: `?days=` on its Insights pages. */
export const PORTAL_RANGES = [7, 30, 90] as const;
export const portalDays = (raw: unknown): number => PORTAL_RANGES.find((days) => String(days) === raw) ?? DEFAULT_INSIGHT_DAYS;

export const zeroCounts = (): InsightCounts => ({
  Views: 0,
  SearchAppearances: 0,
  WalletAppearances: 0,
  Claims: 0,
  Redemptions: 0,
  OutboundClicks: 0,
});

/** The beacon's body: one collection's or one perk's id, as the public pages send it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/**
 * An id as a stored one can be: no U+0000 and no lone surrogate, which PostgreSQL refuses in the
 * flush's JSON and would fail every later flush of the counts held with it.
 */
const beaconId = pathIdSchema.refine((id) => !LONE_SURROGATE.test(id));
export const beaconBodySchema = z.union([z.strictObject({ PlatformNFTId: beaconId }), z.strictObject({ PlatformPerkId: beaconId })]);
/** The beacon's body is a few dozen bytes; anything longer is dropped unread. */
export const BEACON_MAX_BYTES = 256;

/** The site path that counts a click on one of a collection's own links, then follows it. */
export const outboundHref = (collectionId: string, url: string) =>
  `/api/insights/out/${encodeURIComponent(collectionId)}?to=${encodeURIComponent(url)}`;

/** The query of that redirect: the link, as stored on the collection. */
export const outboundQuerySchema = z.object({ to: z.string().max(LIMITS.url) });
