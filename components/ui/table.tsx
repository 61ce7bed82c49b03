import { useId, type ReactNode } from "react";
import { cn } from "./cn";
import { panelClass } from "./panel";
import { EmptyState } from "./query-states";

export type Column<Row> = {
  /** The column's heading; also the name each cell is shown with on a phone, in the stacked layout. */
  header: string;
  /** A heading that is read, not seen (an actions column). */
  hideHeader?: boolean;
  cell: (row: Row) => ReactNode;
  /** The cell that names its row: a `<th scope="row">`, and a stacked card's title. */
  rowHeader?: boolean;
  /** The cell's own classes (width, wrapping, font). */
  className?: string;
};

type Props<Row> = {
  /** What the table holds, for assistive technology (and, with `showCaption`, on screen). */
  caption: ReactNode;
  showCaption?: boolean;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  rowClassName?: (row: Row) => string | undefined;
  /** Said instead of the table when there are no rows. */
  empty: ReactNode;
  /**
   * On a phone (under 640 px): `stack` makes each row a card, each cell on its own line named by
   * its column; `scroll` keeps the table and lets it scroll sideways in a focusable region named
   * by the caption, so keyboard users can scroll it too.
   */
  phone?: "stack" | "scroll";
  /** `panel`: a card of its own; `plain`: lines only, inside something that is already one. */
  frame?: "panel" | "plain";
  density?: "roomy" | "snug" | "tight";
  className?: string;
};

const DENSITY = { roomy: "px-4 py-3", snug: "px-3 py-2", tight: "py-1 pr-3" } as const;
// In the stacked layout the header row is hidden; each cell shows its column from data-label.
const STACKED_CELL =
  "max-sm:flex max-sm:justify-between max-sm:gap-4 max-sm:px-0 max-sm:py-1 max-sm:whitespace-normal max-sm:before:font-sans max-sm:before:font-medium max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)] dark:max-sm:before:text-slate-400";
const STACKED_TITLE = "max-sm:block max-sm:px-0 max-sm:py-1 max-sm:text-base";

/** A table of rows with accessible headings, its caption, an empty state, and a phone layout. */
export function Table<Row>({
  caption,
  showCaption = false,
  columns,
  rows,
  rowKey,
  rowClassName,
  empty,
  phone = "stack",
  frame = "panel",
  density = "roomy",
  className,
}: Props<Row>) {
  const captionId = useId();
  if (rows.length === 0) return typeof empty === "string" ? <EmptyState>{empty}</EmptyState> : <>{empty}</>;
  const stacked = phone === "stack";
  const pad = DENSITY[density];
  const table = (
    <table className={cn("w-full text-left text-sm", stacked && "max-sm:block")}>
      <caption
        id={captionId}
        className={cn(showCaption ? "pb-1 text-left font-medium" : "sr-only", stacked && showCaption && "max-sm:block")}
      >
        {caption}
      </caption>
      <thead
        className={cn("border-b border-slate-200 text-slate-600 dark:border-slate-800 dark:text-slate-400", stacked && "max-sm:sr-only")}
      >
        <tr>
          {columns.map((column) => (
            <th key={column.header} scope="col" className={cn(pad, "font-medium")}>
              {column.hideHeader ? <span className="sr-only">{column.header}</span> : column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={cn("divide-y divide-slate-200 dark:divide-slate-800", stacked && "max-sm:block")}>
        {rows.map((row) => (
          <tr key={rowKey(row)} className={cn("align-top", stacked && "max-sm:block max-sm:px-4 max-sm:py-3", rowClassName?.(row))}>
            {columns.map((column) =>
              column.rowHeader ? (
                <th
                  key={column.header}
                  scope="row"
                  className={cn(pad, "font-medium break-words", stacked && STACKED_TITLE, column.className)}
                >
                  {column.cell(row)}
                </th>
              ) : (
                <td
                  key={column.header}
                  data-label={stacked && !column.hideHeader ? column.header : undefined}
                  className={cn(pad, stacked && STACKED_CELL, column.className)}
                >
                  {column.cell(row)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
  const framed = frame === "panel" ? panelClass() : "";
  if (stacked) return <div className={cn(framed, "sm:overflow-x-auto", className)}>{table}</div>;
  return (
    // A region that scrolls must be reachable by keyboard to be scrolled (WCAG 2.1.1).
    <div role="region" aria-labelledby={captionId} tabIndex={0} className={cn(framed, "overflow-x-auto", className)}>
      {table}
    </div>
  );
}
