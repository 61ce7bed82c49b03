import type { BrowseInput } from "@/lib/browse/url-state";

/** Why the page shows something other than what the URL literally asked for. */
export function Notices({ notes }: { notes: string[] }) {
  if (notes.length === 0) return null;
  return (
    <div role="note" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200">
      {notes.map((note) => (
        <p key={note}>{note}</p>
      ))}
    </div>
  );
}

export function EmptyResults({ input, onClear }: { input: BrowseInput; onClear: () => void }) {
  const filtered = input.query !== "" || input.category !== null;
  return (
    <div className="rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center dark:border-slate-700">
      <p className="text-lg font-medium">No collections found</p>
      <p className="mt-2 text-slate-600 dark:text-slate-400">
        {filtered ? "Try other words, or another category." : "No collection has been published yet."}
      </p>
      {filtered ? (
        <button type="button" onClick={onClear} className="mt-4 rounded-lg bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-500">
          Clear search and category
        </button>
      ) : null}
    </div>
  );
}

export function ErrorPanel({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-xl border border-red-300 bg-red-50 px-6 py-8 text-center text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
      <p className="font-medium">The results could not be loaded.</p>
      <p className="mt-1 text-sm">{message}</p>
      <button type="button" onClick={onRetry} className="mt-4 rounded-lg bg-red-700 px-4 py-2 text-sm font-medium text-white hover:bg-red-600">
        Try again
      </button>
    </div>
  );
}
