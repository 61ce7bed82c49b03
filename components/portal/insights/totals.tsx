import { INSIGHT_METRICS, type InsightCounts } from "@/lib/schemas/insights";
import { METRIC_LABELS } from "./labels";

/** The range's totals, one figure per metric. */
export function InsightTotals({ totals }: { totals: InsightCounts }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {Object.values(INSIGHT_METRICS).map((field) => (
        <div key={field} className="rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-800">
          <dt className="text-sm text-slate-600 dark:text-slate-400">{METRIC_LABELS[field]}</dt>
          <dd className="text-2xl font-semibold tabular-nums">{totals[field].toLocaleString("en-US")}</dd>
        </div>
      ))}
    </dl>
  );
}
