import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { InsightsView } from "@/components/portal/insights/insights-view";
import { RangeLinks } from "@/components/portal/insights/range-links";
import { InsightTotals } from "@/components/portal/insights/totals";
import { TextLink } from "@/components/text-link";
import { readCollectionInsights } from "@/lib/insights/store";
import { findManagedRecord } from "@/lib/portal/server/managed-record";
import { requireUser } from "@/lib/portal/server/require-user";
import { lastDays, portalDays } from "@/lib/schemas/insights";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const metadata: Metadata = { title: "Insights" };

/** One of the team's collections: its daily counts and its perks ranked; anyone else's collection is a 404. */
export default async function CollectionInsightsPage({ params, searchParams }: Props) {
  const { id } = await params;
  const path = `/portal/collections/${encodeURIComponent(id)}/insights`;
  const user = await requireUser(path);
  const record = user.team ? await findManagedRecord(user.team.teamId, id) : null;
  if (!record || !user.team) notFound();
  const days = portalDays((await searchParams).days);
  const data = await readCollectionInsights(user.team.teamId, id, lastDays(days));
  return (
    <main id="main" className="flex flex-col gap-6">
      <nav aria-label="Related pages" className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <TextLink href={`/portal/collections/${encodeURIComponent(id)}`}>← Edit collection</TextLink>
        <TextLink href="/portal/insights">All collections&apos; insights</TextLink>
      </nav>
      <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">
        Insights: {record.nftData.Title || "Untitled collection"}
      </h1>
      <RangeLinks path={path} days={days} />
      <InsightTotals totals={data.Totals} />
      <InsightsView insights={{ kind: "collection", data }} />
    </main>
  );
}
