"use client";

import type { CollectionInsights, TeamInsights } from "@/lib/schemas/insights";
import { DailyChart } from "./daily-chart";
import { RankedChart } from "./ranked-chart";

type Props = { insights: { kind: "collection"; data: CollectionInsights } | { kind: "team"; data: TeamInsights } };

/** The charts and tables of a collection's or a team's Insights page. */
export function InsightsView({ insights }: Props) {
  const range = `${insights.data.From}-to-${insights.data.To}`;
  return (
    <div className="flex flex-col gap-10">
      <DailyChart days={insights.data.Days} file={`insights-per-day-${range}.csv`} />
      {insights.kind === "collection" ? (
        <RankedChart
          title="Perks"
          label="Perk"
          rows={insights.data.Perks}
          labelOf={(perk) => perk.ShortDescription || perk.PlatformPerkId}
          file={`insights-perks-${range}`}
          empty="This collection has no perks."
        />
      ) : (
        <RankedChart
          title="Collections"
          label="Collection"
          rows={insights.data.Collections}
          labelOf={(collection) => collection.Title || collection.PlatformNFTId}
          file={`insights-collections-${range}`}
          empty="Nothing was counted for the team's collections in this range."
        />
      )}
    </div>
  );
}
