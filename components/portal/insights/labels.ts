import { INSIGHT_METRICS, type InsightField } from "@/lib/schemas/insights";

/** Column headings of the metrics, in words. */
export const METRIC_LABELS: Record<InsightField, string> = {
  Views: "Views",
  SearchAppearances: "In searches",
  WalletAppearances: "On wallets",
  Claims: "Claims",
  Redemptions: "Redemptions",
  OutboundClicks: "Link clicks",
};

/** One colour per series, light and dark, read by the charts as CSS variables. */
export const CHART_COLORS =
  "[--chart-1:#4f46e5] [--chart-2:#0f766e] [--chart-3:#b45309] [--chart-4:#be123c] [--chart-5:#0369a1] [--chart-6:#7e22ce] [--chart-tooltip:#ffffff] dark:[--chart-1:#a5b4fc] dark:[--chart-2:#5eead4] dark:[--chart-3:#fcd34d] dark:[--chart-4:#fda4af] dark:[--chart-5:#7dd3fc] dark:[--chart-6:#d8b4fe] dark:[--chart-tooltip:#0f172a]";
export const CHART_SERIES = Object.values(INSIGHT_METRICS).map((field, index) => ({ field, color: `var(--chart-${index + 1})` }));
