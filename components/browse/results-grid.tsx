import { panelClass } from "@/components/ui/panel";
import type { BrowseCard } from "@/lib/browse/cards";
import { CollectionCard } from "./collection-card";

const grid = "grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4";

export function ResultsGrid({ cards, dimmed }: { cards: BrowseCard[]; dimmed: boolean }) {
  return (
    <ul className={`${grid} transition-opacity ${dimmed ? "opacity-60" : ""}`}>
      {cards.map((card) => (
        <li key={card.id} className="flex">
          <CollectionCard card={card} />
        </li>
      ))}
    </ul>
  );
}

/** Placeholder cards of the real cards' shape while the first results load. */
export function ResultsSkeleton() {
  return (
    <ul aria-hidden="true" className={grid}>
      {Array.from({ length: 8 }, (_, index) => (
        <li key={index} className={panelClass("overflow-hidden")}>
          <div className="aspect-square w-full animate-pulse bg-slate-200 dark:bg-slate-800" />
          <div className="flex flex-col gap-2 p-4">
            <div className="h-4 w-3/4 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
            <div className="h-3 w-1/2 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
          </div>
        </li>
      ))}
    </ul>
  );
}
