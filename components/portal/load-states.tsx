/**
 * Placeholder rows while the first answer is on its way. They are hidden from screen readers,
 * which hear `label` instead (or the page's own status line when there is no label).
 */
export function ListSkeleton({ label }: { label?: string }) {
  return (
    <div>
      {label ? <p className="sr-only">{label}</p> : null}
      <div aria-hidden="true" className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
        {Array.from({ length: 4 }, (_, index) => (
          <div key={index} className="flex items-center gap-4 p-4">
            <div className="size-16 shrink-0 animate-pulse rounded-lg bg-slate-200 motion-reduce:animate-none dark:bg-slate-800" />
            <div className="flex flex-1 flex-col gap-2">
              <div className="h-4 w-1/3 animate-pulse rounded bg-slate-200 motion-reduce:animate-none dark:bg-slate-800" />
              <div className="h-3 w-1/2 animate-pulse rounded bg-slate-200 motion-reduce:animate-none dark:bg-slate-800" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

type LoadErrorProps = { what: string; message: string; onRetry: () => void; retrying: boolean };

/** A list that could not be loaded, with the server's reason and a way to try again. */
export function LoadError({ what, message, onRetry, retrying }: LoadErrorProps) {
  return (
    <div role="alert" className="rounded-xl border border-red-300 bg-red-50 px-6 py-8 text-center text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
      <p className="font-medium">{what} could not be loaded.</p>
      <p className="mt-1 text-sm">{message}</p>
      <button
        type="button"
        onClick={onRetry}
        disabled={retrying}
        className="mt-4 rounded-lg bg-red-700 px-4 py-2 text-sm font-medium text-white hover:bg-red-800 disabled:opacity-70"
      >
        {retrying ? "Trying again…" : "Try again"}
      </button>
    </div>
  );
}
