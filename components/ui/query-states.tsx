import type { ReactNode } from "react";
import { panelClass } from "@/components/ui/panel";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/**
 * Placeholder rows while the first answer is on its way. They are hidden from screen readers,
 * which hear `label` instead (or the page's own status line when there is no label).
 */
export function ListSkeleton({ label }: { label?: string }) {
  return (
    <div>
      {label ? <p className="sr-only">{label}</p> : null}
      <div aria-hidden="true" className={panelClass("divide-y divide-slate-200 dark:divide-slate-800")}>
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
    <Alert look="panel">
      <p className="font-medium">{what} could not be loaded.</p>
      <p className="mt-1 text-sm">{message}</p>
      <Button tone="red" state="dim" className="mt-4" onClick={onRetry} disabled={retrying}>
        {retrying ? "Trying again…" : "Try again"}
      </Button>
    </Alert>
  );
}

/** A list with nothing in it yet: says so, and what to do. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-slate-300 px-6 py-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
      {children}
    </p>
  );
}

type QueryStatesProps<T> = {
  /** What react-query's `useQuery` answered. */
  query: { data: T | undefined; error: unknown; isFetching: boolean; refetch: () => unknown };
  /** What is loaded, for the error ("Your keys could not be loaded.") */
  what: string;
  /** What screen readers hear while it loads. */
  loading: string;
  /** Shown instead of `children` when the answer holds nothing. */
  empty?: { when: (data: T) => boolean; say: ReactNode };
  children: (data: T) => ReactNode;
};

/**
 * The states of a loaded list in one place: an error with the server's reason and a retry (only
 * when nothing was loaded before), placeholder rows while the first answer is on its way, the
 * empty state, then the data.
 */
export function QueryStates<T>({ query, what, loading, empty, children }: QueryStatesProps<T>) {
  if (query.error && query.data === undefined)
    return (
      <LoadError
        what={what}
        message={query.error instanceof Error ? query.error.message : "The request failed."}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  if (query.data === undefined) return <ListSkeleton label={loading} />;
  if (empty?.when(query.data)) return <EmptyState>{empty.say}</EmptyState>;
  return <>{children(query.data)}</>;
}
