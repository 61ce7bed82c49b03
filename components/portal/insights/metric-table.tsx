"use client";

import { buttonClass } from "@/components/ui/button";
import { panelClass } from "@/components/ui/panel";
import { INSIGHT_METRICS, type InsightCounts } from "@/lib/schemas/insights";
import { insightsCsv } from "@/lib/schemas/insights-csv";
import { METRIC_LABELS } from "./labels";

type TableProps<R> = { caption: string; label: string; rows: R[]; labelOf: (row: R) => string };

/** The figures a chart draws, as a table: what a screen reader reads and a keyboard scrolls. */
export function MetricTable<R extends InsightCounts>({ caption, label, rows, labelOf }: TableProps<R>) {
  return (
    <div className={panelClass("max-h-72 overflow-auto")} tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full text-right text-sm tabular-nums">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 border-b border-slate-200 bg-white text-slate-600 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-400">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-medium">
              {label}
            </th>
            {Object.values(INSIGHT_METRICS).map((field) => (
              <th key={field} scope="col" className="px-3 py-2 font-medium">
                {METRIC_LABELS[field]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={labelOf(row)} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
              <th scope="row" className="px-3 py-1.5 text-left font-normal break-words">
                {labelOf(row)}
              </th>
              {Object.values(INSIGHT_METRICS).map((field) => (
                <td key={field} className="px-3 py-1.5">
                  {row[field].toLocaleString("en-US")}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The same rows as a CSV file, made in the browser from what the page shows. */
export function CsvDownload<R extends InsightCounts>({ label, rows, labelOf, file }: Omit<TableProps<R>, "caption"> & { file: string }) {
  const href = `data:text/csv;charset=utf-8,${encodeURIComponent(insightsCsv(label, rows, labelOf))}`;
  return (
    <a href={href} download={file} className={buttonClass({ tone: "secondary", size: "xs" })}>
      Download CSV
    </a>
  );
}
