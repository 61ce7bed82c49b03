import Link from "next/link";
import { PORTAL_RANGES } from "@/lib/schemas/insights";

/** The ranges a page offers, as links (the range lives in the URL, so it can be shared and gone back to). */
export function RangeLinks({ path, days }: { path: string; days: number }) {
  return (
    <nav aria-label="Range" className="flex flex-wrap gap-2 text-sm">
      {PORTAL_RANGES.map((option) => (
        <Link
          key={option}
          href={`${path}?days=${option}`}
          aria-current={option === days ? "page" : undefined}
          className="rounded-md border border-slate-300 px-3 py-1.5 hover:bg-slate-100 aria-[current=page]:border-indigo-600 aria-[current=page]:bg-indigo-50 aria-[current=page]:font-semibold dark:border-slate-700 dark:hover:bg-slate-800 dark:aria-[current=page]:border-indigo-400 dark:aria-[current=page]:bg-indigo-950"
        >
          Last {option} days
        </Link>
      ))}
    </nav>
  );
}
