import { panelClass } from "@/components/ui/panel";
import { Badge } from "@/components/ui/badge";
import { coordinatesOf, formatCoordinates, mapUrl, perkInstant } from "@/lib/browse/perk-view";
import { PREVIEW_CHARS, previewOf } from "@/lib/browse/text-preview";
import { nearbyPerksHref } from "@/lib/perks/page-url";
import type { PerkDoc } from "@/lib/schemas/perk";
import { perkCalendarPath } from "@/lib/syndication/paths";
import { ExternalLink } from "../external-link";
import { CategoryLinks } from "./category-links";
import { PerkDate } from "./perk-date";
import { PerkText } from "./perk-text";

const tokens = (count: number) =>
  count === 0 ? "No token needed" : count === 1 ? "Hold 1 token" : `Hold ${count.toLocaleString("en-US")} tokens`;

/**
 * One perk with every field it has; text is rendered as text, never as HTML. Its title and
 * description are shown up to a bound, the rest on "Show more", unless `whole` (the page was
 * asked for this perk). A server component: the list's one client part
 * (`PerkListControls`) writes its date in the visitor's time zone and runs its "Show more" (docs/decisions/068).
 */
export function PerkCard({ perk, whole = false, all = false }: { perk: PerkDoc; whole?: boolean; all?: boolean }) {
  const title = previewOf(perk.ShortDescription, PREVIEW_CHARS.title);
  const instant = perkInstant(perk.Date);
  const point = coordinatesOf(perk.Location);
  const map = mapUrl(perk.Location);
  const address = perk.Location?.address?.trim();
  const nearby = nearbyPerksHref(perk);
  return (
    <article
      id={`perk-${perk.PlatformPerkId}`}
      // A link to this perk (`#perk-…`, from /perks or the map) marks it, not only scrolls to it (`.perk-card`).
      className={panelClass("perk-card")}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="text-lg font-semibold leading-snug break-words">
          {title.text}
          {title.cut ? "…" : null}
        </h3>
        {perk.OneTime !== undefined ? <Badge tone="tag">{perk.OneTime ? "One-time" : "Repeatable"}</Badge> : null}
      </div>
      <dl className="grid gap-x-6 gap-y-2 text-sm empty:hidden sm:grid-cols-[auto_1fr]">
        {instant ? (
          <>
            <dt className="ui-term">When</dt>
            <dd className="flex flex-wrap gap-x-3">
              <PerkDate instant={instant} />
              <a
                href={perkCalendarPath(perk.PlatformNFTId, perk.PlatformPerkId)}
                className="text-indigo-700 underline underline-offset-2 dark:text-indigo-300"
              >
                Add to calendar
              </a>
            </dd>
          </>
        ) : null}
        {perk.TokensRequired !== undefined ? (
          <>
            <dt className="ui-term">Requires</dt>
            <dd>{tokens(perk.TokensRequired)}</dd>
          </>
        ) : null}
        {address || point ? (
          <>
            <dt className="ui-term">Where</dt>
            <dd className="flex flex-col gap-0.5">
              {address ? <span>{address}</span> : null}
              {point ? <span className="text-slate-600 dark:text-slate-400">{formatCoordinates(point)}</span> : null}
              {map ? <ExternalLink href={map}>View on a map</ExternalLink> : null}
            </dd>
          </>
        ) : null}
        {perk.Site ? (
          <>
            <dt className="ui-term">Details</dt>
            <dd>
              <ExternalLink href={perk.Site} />
            </dd>
          </>
        ) : null}
      </dl>
      <PerkText perk={perk} title={title} whole={whole} all={all} />
      <CategoryLinks categories={perk.Tags} label="Categories of this perk" />
      {nearby ? (
        <a href={nearby} className="text-sm text-indigo-700 underline underline-offset-2 dark:text-indigo-300">
          {point && instant
            ? "Other perks around this place and date"
            : point
              ? "Other perks around this place"
              : "Other perks around this date"}
        </a>
      ) : null}
    </article>
  );
}
