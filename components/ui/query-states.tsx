import type { ReactNode } from "react";
import { panelClass } from "@/components/ui/panel";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/** A grey block that pulses (still for people who ask for reduced motion): a placeholder's part. */
export const pulseClass = (extra: string) => `${extra} animate-pulse bg-slate-200 motion-reduce:animate-none dark:bg-slate-800`;

/** Rows in one panel (an image at the start of each), or cards in a grid (the image on top). */
const SHAPES = {
  rows: {
    count: 4,
    item: "flex items-center gap-4 p-4",
    image: "size-16 shrink-0 rounded-lg",
    text: "flex flex-1 flex-col gap-2",
    bars: ["w-1/3", "w-1/2"],
  },
  cards: {
    count: 8,
    item: panelClass("overflow-hidden"),
    image: "aspect-square w-full",
    text: "flex flex-col gap-2 p-4",
    bars: ["w-3/4", "w-1/2"],
  },
};

/**
 * Placeholder rows while the first answer is on its way, or with `grid` (the real cards' grid
 * classes) placeholder cards. They are hidden from screen readers, which hear `label` instead
 * (or the page's own status line when there is no label).
 */
export function ListSkeleton({ label, grid }: { label?: string; grid?: string }) {
  const shape = grid ? SHAPES.cards : SHAPES.rows;
  return (
    <div>
      {label ? <p className="sr-only">{label}</p> : null}
      <div aria-hidden="true" className={grid ?? panelClass("divide-y divide-slate-200 dark:divide-slate-800")}>
        {Array.from({ length: shape.count }, (_, index) => (
          <div key={index} className={shape.item}>
            <div className={pulseClass(shape.image)} />
            <div className={shape.text}>
              <div className={pulseClass(`h-4 rounded ${shape.bars[0]}`)} />
              <div className={pulseClass(`h-3 rounded ${shape.bars[1]}`)} />
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

/** The first line of an EmptyState that says more than a sentence. */
export const emptyTitleClass = "text-lg font-medium text-slate-900 dark:text-slate-100";

/** A list with nothing in it yet: says so (a sentence, or a heading with a way forward), and what to do. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 px-6 py-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
      {typeof children === "string" ? <p>{children}</p> : children}
    </div>
  );
}

export type QueryStatesProps<T> = {
  /** What react-query's `useQuery` answered. */
  query: { data: T | undefined; error: unknown; isFetching: boolean; refetch: () => unknown };
  /** What is loaded, for the error ("Your keys could not be loaded.") */
  what: string;
  /** What screen readers hear while it loads; none where the page's own status line says it. */
  loading?: string;
  /** The placeholder while the first answer is on its way, when not the list's rows (`ListSkeleton`'s). */
  skeleton?: ReactNode;
  /** Shown instead of `children` when the answer holds nothing. */
  empty?: { when: (data: T) => boolean; say: ReactNode };
  children: (data: T) => ReactNode;
};

/**
 * The states of a loaded list in one place: an error with the server's reason and a retry (only
 * when nothing was loaded before), placeholder rows while the first answer is on its way, the
 * empty state, then the data. A paged list that keeps the last page on screen while the next
 * loads (react-query's `placeholderData`) passes that page on as `data`: it stays, and is not
 * replaced by placeholder rows or an error.
 */
export function QueryStates<T>({ query, what, loading, skeleton, empty, children }: QueryStatesProps<T>) {
  if (query.error && query.data === undefined)
    return (
      <LoadError
        what={what}
        message={query.error instanceof Error ? query.error.message : "The request failed."}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  if (query.data === undefined) return skeleton ?? <ListSkeleton label={loading} />;
  if (empty?.when(query.data)) return <EmptyState>{empty.say}</EmptyState>;
  return <>{children(query.data)}</>;
}
