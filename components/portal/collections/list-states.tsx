import Link from "next/link";

export const newCollectionClass =
  "inline-flex items-center gap-1 rounded-lg bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700";

/** The partner has no collection at all: the way forward is to create one. */
export function NoCollections() {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center dark:border-slate-700">
      <p className="text-lg font-medium">You have no collections yet</p>
      <p className="mt-2 text-slate-600 dark:text-slate-400">
        Create your first collection here, or send one with an API key from your own systems.
      </p>
      <Link href="/portal/collections/new" className={`mt-4 ${newCollectionClass}`}>
        Create a collection
      </Link>
    </div>
  );
}

/** Collections exist, but none has the typed text in its title. */
export function NoMatches({ text, onClear }: { text: string; onClear: () => void }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center dark:border-slate-700">
      <p className="text-lg font-medium">No collection title contains “{text}”</p>
      <button type="button" onClick={onClear} className="mt-4 rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800">
        Clear the search
      </button>
    </div>
  );
}
