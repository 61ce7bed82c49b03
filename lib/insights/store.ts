import "server-only";
import { and, asc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { collections, insightCounts, perks } from "@/lib/db/schema";
import {
  eachDay,
  INSIGHT_METRICS,
  zeroCounts,
  type CollectionInsights,
  type InsightCounts,
  type InsightDay,
  type InsightMetric,
  type InsightsRange,
  type TeamInsights,
} from "@/lib/schemas/insights";
import { checkManaged } from "@/lib/schemas/write-rules";

type CountRow = { day: string; perkId: string | null; metric: string; count: number };

function addTo(counts: InsightCounts, metric: string, amount: number): void {
  const field = INSIGHT_METRICS[metric as InsightMetric];
  if (field) counts[field] += Number(amount);
}

/** Every day of the range, zeros included, each the sum of the rows of that day. */
function daysOf(rows: CountRow[], range: InsightsRange): InsightDay[] {
  const days = new Map(eachDay(range.from, range.to).map((day) => [day, { Day: day, ...zeroCounts() }]));
  for (const row of rows) {
    const day = days.get(row.day);
    if (day) addTo(day, row.metric, row.count);
  }
  return [...days.values()];
}

function totalOf(rows: CountRow[]): InsightCounts {
  const totals = zeroCounts();
  for (const row of rows) addTo(totals, row.metric, row.count);
  return totals;
}

/**
 * A collection's daily counts and its perks' totals over `range`, for a member of the team that
 * owns it (any role): the same 404 and 403 as reading its history.
 */
export async function readCollectionInsights(teamId: string, collectionId: string, range: InsightsRange): Promise<CollectionInsights> {
  const db = await getDb();
  const owner = await db
    .select({ id: collections.id, teamId: collections.teamId, version: collections.version })
    .from(collections)
    .where(eq(collections.id, collectionId));
  checkManaged(teamId, [{ id: collectionId, field: "PlatformNFTId" }], owner);
  const rows: CountRow[] = await db
    .select({ day: insightCounts.day, perkId: insightCounts.perkId, metric: insightCounts.metric, count: insightCounts.count })
    .from(insightCounts)
    .where(and(eq(insightCounts.collectionId, collectionId), gte(insightCounts.day, range.from), lte(insightCounts.day, range.to)));
  const perkRows = await db
    .select({ id: perks.id, description: sql<string | null>`${perks.data} ->> 'ShortDescription'` })
    .from(perks)
    .where(eq(perks.collectionId, collectionId))
    .orderBy(asc(perks.position));
  return {
    PlatformNFTId: collectionId,
    From: range.from,
    To: range.to,
    Totals: totalOf(rows),
    Days: daysOf(rows, range),
    Perks: perkRows.map((perk) => ({
      PlatformPerkId: perk.id,
      ShortDescription: perk.description ?? "",
      ...totalOf(rows.filter((row) => row.perkId === perk.id)),
    })),
  };
}

/** The team page lists the collections counted most, by views: a team may hold many thousands. */
export const TEAM_COLLECTIONS_LISTED = 100;

/** Every collection of a team summed per day, and the totals of its most viewed collections over `range` (the portal's team page). */
export async function readTeamInsights(teamId: string, range: InsightsRange): Promise<TeamInsights> {
  const db = await getDb();
  const rows = await db
    .select({
      day: insightCounts.day,
      collectionId: insightCounts.collectionId,
      metric: insightCounts.metric,
      count: sql<number>`sum(${insightCounts.count})::bigint`.mapWith(Number),
    })
    .from(insightCounts)
    .innerJoin(collections, eq(collections.id, insightCounts.collectionId))
    .where(and(eq(collections.teamId, teamId), gte(insightCounts.day, range.from), lte(insightCounts.day, range.to)))
    .groupBy(insightCounts.day, insightCounts.collectionId, insightCounts.metric);
  const counted = rows.map((row) => ({ ...row, perkId: null }));
  const byCollection = new Map<string, CountRow[]>();
  for (const row of counted) byCollection.set(row.collectionId, [...(byCollection.get(row.collectionId) ?? []), row]);
  const ranked = [...byCollection]
    .map(([id, own]) => ({ id, totals: totalOf(own) }))
    .sort((a, b) => b.totals.Views - a.totals.Views || (a.id < b.id ? -1 : 1))
    .slice(0, TEAM_COLLECTIONS_LISTED);
  const titles =
    ranked.length === 0
      ? []
      : await db
          .select({ id: collections.id, title: sql<string>`${collections.data} ->> 'Title'` })
          .from(collections)
          .where(
            inArray(
              collections.id,
              ranked.map((entry) => entry.id),
            ),
          );
  const titleOf = new Map(titles.map((entry) => [entry.id, entry.title]));
  return {
    From: range.from,
    To: range.to,
    Totals: totalOf(counted),
    Days: daysOf(counted, range),
    Collections: ranked.map((entry) => ({ PlatformNFTId: entry.id, Title: titleOf.get(entry.id) ?? "", ...entry.totals })),
  };
}
