import type { Metadata } from "next";
import { InsightsView } from "@/components/portal/insights/insights-view";
import { RangeLinks } from "@/components/portal/insights/range-links";
import { InsightTotals } from "@/components/portal/insights/totals";
import { readTeamInsights } from "@/lib/insights/store";
import { requireUser } from "@/lib/portal/server/require-user";
import { lastDays, portalDays } from "@/lib/schemas/insights";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export const metadata: Metadata = { title: "Insights" };

/** The team's insights: every collection summed per day, and its collections ranked; for every role. */
export default async function TeamInsightsPage({ searchParams }: Props) {
  const user = await requireUser("/portal/insights");
  const days = portalDays((await searchParams).days);
  const data = user.team ? await readTeamInsights(user.team.teamId, lastDays(days)) : null;
  return (
    <main id="main" className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Insights</h1>
        <p className="mt-2 max-w-2xl text-slate-600 dark:text-slate-400">
          How people find and use your collections: page views, appearances in searches and on wallets, claims, redemptions and clicks on
          your links, per day (UTC). Today&apos;s figures grow through the day.
        </p>
      </div>
      <RangeLinks path="/portal/insights" days={days} />
      {data ? (
        <>
          <InsightTotals totals={data.Totals} />
          <InsightsView insights={{ kind: "team", data }} />
        </>
      ) : (
        <p>Your account is not a member of any team.</p>
      )}
    </main>
  );
}
