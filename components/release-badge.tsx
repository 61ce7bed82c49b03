const STYLES: Record<string, string> = {
  Available: "bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-950 dark:text-emerald-300 dark:ring-emerald-400/30",
  Upcoming: "bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-950 dark:text-amber-300 dark:ring-amber-400/30",
};

/** A collection's release status as a small badge; nothing when it has none. */
export function ReleaseBadge({ status }: { status: string | null | undefined }) {
  if (!status) return null;
  const style = STYLES[status] ?? "bg-slate-100 text-slate-700 ring-slate-500/20 dark:bg-slate-800 dark:text-slate-300";
  return (
    <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${style}`}>{status}</span>
  );
}
