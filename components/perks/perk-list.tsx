import { panelClass } from "@/components/ui/panel";
import { PerkDateText } from "@/components/local-time";
import { Badge, VerifiedBadge } from "@/components/ui/badge";
import { coordinatesOf, perkInstant } from "@/lib/browse/perk-view";
import { perkAnchorHref } from "@/lib/perks/page-url";
import type { PerkSearchDoc } from "@/lib/schemas/perk-search-params";

const km = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value).toLocaleString("en-US")} km away`;

/** The page's perks as server-rendered links to each perk on its collection's page: no script or map needed. */
export function PerkList({ docs }: { docs: PerkSearchDoc[] }) {
  return (
    <ol className="grid gap-3" aria-label="Perks">
      {docs.map((doc) => {
        const instant = perkInstant(doc.Date);
        const place = doc.Location?.address?.trim() || (coordinatesOf(doc.Location) ? "On the map" : null);
        return (
          <li key={doc.PlatformPerkId} className={panelClass("p-4 shadow-sm")}>
            <div className="flex flex-wrap items-start justify-between gap-2">
              <h3 className="text-base font-semibold">
                <a
                  href={perkAnchorHref(doc.PlatformNFTId, doc.PlatformPerkId)}
                  className="text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
                >
                  {doc.ShortDescription}
                </a>
              </h3>
              <div className="flex flex-wrap gap-1">
                {doc.Status ? <Badge tone="tag">{doc.Status}</Badge> : null}
                {doc.OneTime ? <Badge tone="tag">One-time</Badge> : null}
              </div>
            </div>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
              <span>{doc.CollectionTitle}</span>
              {doc.CollectionVerifiedBy ? <VerifiedBadge by={doc.CollectionVerifiedBy} /> : null}
            </p>
            <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {instant ? <PerkDateText instant={instant} /> : <span>No date</span>}
              {place ? <span>{place}</span> : null}
              {doc.DistanceKm !== undefined ? <span>{km(doc.DistanceKm)}</span> : null}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
