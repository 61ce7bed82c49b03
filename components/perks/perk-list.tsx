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
          <li key={doc.PlatformPerkId} className="ui-panel perk-item">
            <div className="perk-item-head">
              <h3 className="text-base font-semibold">
                <a href={perkAnchorHref(doc.PlatformNFTId, doc.PlatformPerkId)} className="perk-item-link">
                  {doc.ShortDescription}
                </a>
              </h3>
              {doc.Status || doc.OneTime ? (
                <div className="flex flex-wrap gap-1">
                  {doc.Status ? <Badge tone="tag">{doc.Status}</Badge> : null}
                  {doc.OneTime ? <Badge tone="tag">One-time</Badge> : null}
                </div>
              ) : null}
            </div>
            <p className="perk-item-from">
              <span>{doc.CollectionTitle}</span>
              {doc.CollectionVerifiedBy ? <VerifiedBadge by={doc.CollectionVerifiedBy} /> : null}
            </p>
            <p className="perk-item-when">
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
