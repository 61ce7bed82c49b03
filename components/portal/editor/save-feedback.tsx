"use client";

import { isConflict } from "@/lib/portal/use-collection-mutations";

type Props = {
  /** The last success message; the live region is always present so it is announced. */
  status: string;
  error: Error | null;
  onReload: () => void;
  reloading?: boolean;
};

export const buttonClass =
  "inline-flex items-center justify-center rounded-lg px-4 py-2 text-sm font-medium aria-disabled:cursor-wait aria-disabled:opacity-70";
export const primaryButton = `${buttonClass} bg-indigo-600 text-white hover:bg-indigo-500 dark:bg-indigo-400 dark:text-slate-950 dark:hover:bg-indigo-300`;
export const secondaryButton = `${buttonClass} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800`;

/** What came of a save: announced success, or the error beside the action with a way forward. */
export function SaveFeedback({ status, error, onReload, reloading }: Props) {
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-2">
      <p role="status" className="text-sm text-emerald-800 empty:hidden dark:text-emerald-300">
        {error ? "" : status}
      </p>
      {error ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          {isConflict(error) ? (
            <>
              <span>This collection was changed by someone else. Your changes were not saved.</span>
              <button type="button" onClick={onReload} aria-disabled={reloading} className={secondaryButton}>
                {reloading ? "Reloading…" : "Reload latest"}
              </button>
            </>
          ) : (
            <span>Not saved: {error.message}</span>
          )}
        </div>
      ) : null}
    </div>
  );
}
