"use client";

import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { InsightDay } from "@/lib/schemas/insights";
import { CHART_COLORS, CHART_SERIES } from "./labels";
import { CsvDownload, MetricTable } from "./metric-table";

/**
 * The daily series as a line chart, with the same figures in a table beside it: the table is what
 * a screen reader or a keyboard reads, so the chart itself is hidden from them.
 */
export function DailyChart({ days, file }: { days: InsightDay[]; file: string }) {
  return (
    <section aria-labelledby="daily-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="daily-heading" className="text-lg font-semibold">
          Per day
        </h2>
        <CsvDownload label="Day" rows={days} labelOf={(day) => day.Day} file={file} />
      </div>
      <div className="grid gap-4 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div aria-hidden="true" className={`h-72 text-slate-600 dark:text-slate-300 ${CHART_COLORS}`}>
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={days} margin={{ top: 8, right: 8, bottom: 8, left: 0 }} accessibilityLayer={false}>
              <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.2} />
              <XAxis dataKey="Day" tick={{ fill: "currentColor", fontSize: 12 }} tickFormatter={(day: string) => day.slice(5)} />
              <YAxis allowDecimals={false} tick={{ fill: "currentColor", fontSize: 12 }} width={40} />
              <Tooltip contentStyle={{ background: "var(--chart-tooltip)", borderColor: "currentColor" }} />
              <Legend />
              {CHART_SERIES.map(({ field, color }) => (
                <Line key={field} type="monotone" dataKey={field} stroke={color} dot={false} strokeWidth={2} isAnimationActive={false} />
              ))}
            </LineChart>
          </ResponsiveContainer>
        </div>
        <MetricTable caption="Counts per day, oldest first" label="Day" rows={days} labelOf={(day) => day.Day} />
      </div>
    </section>
  );
}
