import { panelClass } from "@/components/ui/panel";
import Link from "next/link";
import type { BrowseCard } from "@/lib/schemas/browse-card";
import { CollectionImage } from "../collection-image";
import { badgeClass, ReleaseBadge, VerifiedBadge } from "@/components/ui/badge";

/** One result: the whole card opens the collection, through the one link on its title. */
export function CollectionCard({ card }: { card: BrowseCard }) {
  return (
    <article className={panelClass("collection-card")}>
      <CollectionImage src={card.image} title={card.title} size={320} className="w-24 shrink-0 self-start sm:w-full" />
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-3 sm:p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 className="min-w-0 text-base font-semibold leading-snug break-words">
            <Link
              href={`/collections/${encodeURIComponent(card.id)}`}
              prefetch={false}
              className="outline-none after:absolute after:inset-0"
            >
              {card.title}
            </Link>
          </h3>
          <div className="flex shrink-0 flex-col items-end gap-1">
            <ReleaseBadge status={card.releaseStatus} />
            {card.verifiedBy ? <VerifiedBadge by={card.verifiedBy} /> : null}
          </div>
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {card.chain}
          {card.creator ? <> · by {card.creator}</> : null}
        </p>
        {card.categories.length > 0 ? (
          <ul aria-label="Perk categories" className="flex flex-wrap gap-1">
            {card.categories.map((category) => (
              <li key={category} className={badgeClass("tag")}>
                {category}
              </li>
            ))}
          </ul>
        ) : null}
        <p className="mt-auto pt-1 text-sm font-medium text-indigo-700 dark:text-indigo-300">
          {card.perkCount === 0 ? "No perks yet" : card.perkCount === 1 ? "1 perk" : `${card.perkCount} perks`}
        </p>
      </div>
    </article>
  );
}
