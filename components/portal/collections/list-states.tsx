import Link from "next/link";
import { Button, buttonClass } from "@/components/ui/button";
import type { StatusFilter } from "@/lib/schemas/managed-list";

export const newCollectionClass = buttonClass({ tone: "indigo", className: "gap-1" });

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

/** Collections exist, but none matches the title text and release status chosen. */
export function NoMatches({ text, status, onClear }: { text: string; status: StatusFilter | null; onClear: () => void }) {
  const statusText = status === "none" ? "without a release status" : status ? `with release status ${status}` : "";
  return (
    <div className="rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center dark:border-slate-700">
      <p className="text-lg font-medium">
        {text ? `No collection title contains “${text}”` : "No collection"}
        {statusText ? ` ${statusText}` : ""}
      </p>
      <Button tone="outline" className="mt-4" onClick={onClear}>
        Clear the filters
      </Button>
    </div>
  );
}
