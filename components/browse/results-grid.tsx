import type { BrowseCard } from "@/lib/schemas/browse-card";
import { CollectionCard } from "./collection-card";

/** The results' columns, which their placeholder cards (`ListSkeleton grid`) share. */
export const RESULTS_GRID = "grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4";

export function ResultsGrid({ cards, dimmed }: { cards: BrowseCard[]; dimmed: boolean }) {
  return (
    <ul className={`${RESULTS_GRID} transition-opacity ${dimmed ? "opacity-60" : ""}`}>
      {cards.map((card) => (
        <li key={card.id} className="flex">
          <CollectionCard card={card} />
        </li>
      ))}
    </ul>
  );
}
