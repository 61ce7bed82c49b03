import { INSIGHT_METRICS, type InsightCounts } from "./insights";

const FIELDS = Object.values(INSIGHT_METRICS);
const cell = (value: string | number) => (/[",\r\n]/.test(String(value)) ? `"${String(value).replace(/"/g, '""')}"` : String(value));

/** Rows as CSV (RFC 4180): the label column first, then every metric, in the API's order and names. */
export function insightsCsv<R extends InsightCounts>(label: string, rows: R[], labelOf: (row: R) => string): string {
  const lines = [[label, ...FIELDS].join(","), ...rows.map((row) => [cell(labelOf(row)), ...FIELDS.map((field) => row[field])].join(","))];
  return `${lines.join("\r\n")}\r\n`;
}
