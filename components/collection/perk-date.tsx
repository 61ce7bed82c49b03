import { formatPerkDate, SERVER_DATE_FORMAT, type PerkInstant } from "@/lib/browse/perk-view";

/**
 * A perk's date as the server writes it (UTC); `PerkListControls` rewrites every one of the list
 * in the visitor's locale and time zone once the page runs, from `dateTime` and whether the perk
 * has a time (`data-perk-date`). A server component, so a card's date costs no client part.
 */
export function PerkDate({ instant }: { instant: PerkInstant }) {
  return (
    <time dateTime={new Date(instant.ms).toISOString()} data-perk-date={instant.timeSet ? "time" : "day"}>
      {formatPerkDate(instant, SERVER_DATE_FORMAT)}
    </time>
  );
}
