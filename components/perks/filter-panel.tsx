import { panelClass } from "@/components/ui/panel";
import type { ReactNode } from "react";

/**
 * On a phone the filters fold behind one "Filters (n)" control, so the first results are on the
 * first screen; from the `lg` width they are always open (globals.css shows the content and hides
 * the control where the browser supports `::details-content`, else the control stays). A native
 * disclosure: it works without JavaScript and tells screen readers whether it is open.
 */
export function FilterPanel({ active, children }: { active: number; children: ReactNode }) {
  return (
    <details
      className={panelClass("perk-filters group p-3 shadow-sm lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none dark:lg:bg-transparent")}
    >
      <summary className="flex cursor-pointer items-center justify-between gap-3 rounded-lg px-1 py-1 text-base font-semibold">
        <span>Filters{active > 0 ? ` (${active})` : ""}</span>
        <span aria-hidden="true" className="text-slate-600 group-open:rotate-180 dark:text-slate-400">
          ▾
        </span>
      </summary>
      <div className="pt-4 lg:pt-0">{children}</div>
    </details>
  );
}
