import { Button } from "@/components/ui/button";
import { emptyTitleClass } from "@/components/ui/query-states";
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

/** No result (inside EmptyState): with filters, a way to clear them. */
export function EmptyResults({ input, onClear }: { input: BrowseInput; onClear: () => void }) {
  const filtered = input.query !== "" || input.category !== null || input.chain !== null || input.releaseStatus !== null;
  return (
    <>
      <p className={emptyTitleClass}>No collections found</p>
      <p className="mt-2">{filtered ? "Try other words, another category or fewer filters." : "No collection has been published yet."}</p>
      {filtered ? (
        <Button tone="indigo" className="mt-4" onClick={onClear}>
          Clear search and filters
        </Button>
      ) : null}
    </>
  );
}
