"use client";

import { useState } from "react";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { INSIGHT_METRICS, type InsightCounts, type InsightField } from "@/lib/schemas/insights";
import { CHART_COLORS, CHART_SERIES, METRIC_LABELS } from "./labels";
import { CsvDownload, MetricTable } from "./metric-table";

type Props<R> = { title: string; label: string; rows: R[]; labelOf: (row: R) => string; file: string; empty: string };

/** Rows (perks, or a team's collections) ranked by the metric chosen, as bars, with the table of every metric beside. */
export function RankedChart<R extends InsightCounts>({ title, label, rows, labelOf, file, empty }: Props<R>) {
  const [field, setField] = useState<InsightField>("Views");
  const ranked = [...rows].sort((a, b) => b[field] - a[field] || labelOf(a).localeCompare(labelOf(b)));
  const color = CHART_SERIES.find((series) => series.field === field)!.color;
  const headingId = `${file}-heading`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <label className="text-sm">
            Ranked by{" "}
            <select
              value={field}
              onChange={(event) => setField(event.target.value as InsightField)}
              className="rounded-md border border-slate-300 bg-white px-2 py-1 dark:border-slate-700 dark:bg-slate-900"
            >
              {Object.values(INSIGHT_METRICS).map((option) => (
                <option key={option} value={option}>
                  {METRIC_LABELS[option]}
                </option>
              ))}
            </select>
          </label>
          <CsvDownload label={label} rows={ranked} labelOf={labelOf} file={`${file}.csv`} />
        </div>
      </div>
      {rows.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-400">{empty}</p>
      ) : (
        <div className="grid gap-4 xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <div
            aria-hidden="true"
            className={`text-slate-600 dark:text-slate-300 ${CHART_COLORS}`}
            style={{ height: 48 + 28 * Math.min(ranked.length, 10) }}
          >
            <ResponsiveContainer width="100%" height="100%">
              <BarChart
                data={ranked.slice(0, 10)}
                layout="vertical"
                margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
                accessibilityLayer={false}
              >
                <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.2} />
                <XAxis type="number" allowDecimals={false} tick={{ fill: "currentColor", fontSize: 12 }} />
                <YAxis type="category" dataKey={labelOf} width={120} tick={{ fill: "currentColor", fontSize: 12 }} />
                <Tooltip contentStyle={{ background: "var(--chart-tooltip)" }} />
                <Bar dataKey={field} name={METRIC_LABELS[field]} fill={color} isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </div>
          <MetricTable
            caption={`${title}, ranked by ${METRIC_LABELS[field].toLowerCase()}`}
            label={label}
            rows={ranked}
            labelOf={labelOf}
          />
        </div>
      )}
    </section>
  );
}
