import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { BrowseInput } from "@/lib/browse/url-state";

/** Why the page shows something other than what the URL literally asked for. */
export function Notices({ notes }: { notes: string[] }) {
  if (notes.length === 0) return null;
  return (
    <div
      role="note"
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200"
    >
      {notes.map((note) => (
        <p key={note}>{note}</p>
      ))}
    </div>
  );
}

export function EmptyResults({ input, onClear }: { input: BrowseInput; onClear: () => void }) {
  const filtered = input.query !== "" || input.category !== null || input.chain !== null || input.releaseStatus !== null;
  return (
    <div className="rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center dark:border-slate-700">
      <p className="text-lg font-medium">No collections found</p>
      <p className="mt-2 text-slate-600 dark:text-slate-400">
        {filtered ? "Try other words, another category or fewer filters." : "No collection has been published yet."}
      </p>
      {filtered ? (
        <Button tone="indigo" className="mt-4" onClick={onClear}>
          Clear search and filters
        </Button>
      ) : null}
    </div>
  );
}

export function ErrorPanel({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert look="panel">
      <p className="font-medium">The results could not be loaded.</p>
      <p className="mt-1 text-sm">{message}</p>
      <Button tone="red" className="mt-4" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
