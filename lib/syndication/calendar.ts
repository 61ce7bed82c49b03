import ical, { ICalCalendarMethod, type ICalEventData, type ICalLocation } from "ical-generator";
import { collectionPageHref, perkAnchorHref } from "@/lib/perks/page-url";
import type { CollectionDoc } from "@/lib/schemas/collection";
import { holderRequirement, placeOf, type DatedPerk } from "./perk-facts";
import { SITE_NAME } from "./site";
import { absoluteUrl } from "./site-url";
import { shorten, xmlSafe } from "./xml-text";

const SUMMARY_CHARS = 200;
const DESCRIPTION_CHARS = 2_000;
/** How often a subscribed calendar asks again (REFRESH-INTERVAL, X-PUBLISHED-TTL): perks change seldom. */
const REFRESH_SECONDS = 3_600;

/*
 * iCalendar text may hold no control character but tab (RFC 5545 §3.3.11); line ends are written
 * as `\n` by the library, so a lone carriage return becomes one too.
 */
const text = (value: string, max: number) => shorten(xmlSafe(value).replace(/\r\n?/g, "\n"), max);

function locationOf(perk: DatedPerk["perk"]): ICalLocation | null {
  const place = placeOf(perk);
  if (!place) return null;
  const geo = place.point ? { lat: place.point.lat, lon: place.point.lon } : undefined;
  if (!place.address) return { geo: geo! };
  // The library writes a title and an address as two lines: a perk's one address is the title.
  return { title: text(place.address, SUMMARY_CHARS), ...(geo ? { geo } : {}) };
}

/**
 * One dated perk as an event: a UID that stays the same across downloads (so a second "Add to
 * calendar" updates rather than duplicates), DTSTART in UTC (a date without a time is an all-day
 * event on that day), the place, and a link back to the perk. Perks carry no time zone of their
 * own, so none is written.
 */
function eventOf({ perk, instant }: DatedPerk, nft: CollectionDoc, origin: string): ICalEventData {
  const url = absoluteUrl(origin, perkAnchorHref(nft.PlatformNFTId, perk.PlatformPerkId));
  // The perk's own text is cut, never the requirement or the link after it.
  const own = perk.LongDescription ? text(perk.LongDescription, DESCRIPTION_CHARS) : undefined;
  const description = [own, holderRequirement(perk, nft.Title), url].filter(Boolean).join("\n\n");
  return {
    id: `${perk.PlatformPerkId}.${nft.PlatformNFTId}@${new URL(origin).hostname}`,
    start: new Date(instant.ms),
    allDay: !instant.timeSet,
    // The collection's last change, not now: the same perk reads the same until it changes.
    stamp: new Date(nft.lastmodified),
    summary: text(perk.ShortDescription, SUMMARY_CHARS),
    description: text(description, DESCRIPTION_CHARS + 1_000),
    location: locationOf(perk),
    url,
  };
}

/** An iCalendar document of dated perks: one for "Add to calendar", or all of a collection's to subscribe to. */
export function perksCalendar(nft: CollectionDoc, perks: DatedPerk[], origin: string, subscribable: boolean): string {
  const calendar = ical({
    prodId: { company: SITE_NAME, product: "Perks", language: "EN" },
    name: text(`${nft.Title}: dated perks`, SUMMARY_CHARS),
    url: absoluteUrl(origin, collectionPageHref(nft.PlatformNFTId)),
    ...(subscribable ? { ttl: REFRESH_SECONDS } : { method: ICalCalendarMethod.PUBLISH }),
  });
  for (const dated of perks) calendar.createEvent(eventOf(dated, nft, origin));
  return calendar.toString();
}
