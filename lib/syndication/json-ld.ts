import type { Collection, Event, Graph, Place, VirtualLocation } from "schema-dts";
import { collectionPageHref, perkAnchorHref } from "@/lib/perks/page-url";
import type { CollectionDoc } from "@/lib/schemas/collection";
import type { PerkDoc } from "@/lib/schemas/perk";
import { datedPerks, holderRequirement, isoDay, placeOf, type DatedPerk } from "./perk-facts";
import { absoluteUrl } from "./site-url";
import { shorten } from "./xml-text";

/** Events one page describes: the soonest, so the script stays a small part of the page. */
export const JSON_LD_EVENTS = 50;
const NAME_CHARS = 200;
const DESCRIPTION_CHARS = 300;

function locationOf(perk: PerkDoc, pageUrl: string): Place | VirtualLocation {
  const place = placeOf(perk);
  // Google asks every event for a location: a perk with no place is had online, on its page.
  if (!place) return { "@type": "VirtualLocation", url: perk.Site ?? pageUrl };
  return {
    "@type": "Place",
    name: shorten(place.address ?? perk.ShortDescription, NAME_CHARS),
    ...(place.address ? { address: { "@type": "PostalAddress", streetAddress: shorten(place.address, NAME_CHARS) } } : {}),
    ...(place.point ? { geo: { "@type": "GeoCoordinates", latitude: place.point.lat, longitude: place.point.lon } } : {}),
  };
}

function eventOf({ perk, instant }: DatedPerk, nft: CollectionDoc, origin: string): Event {
  const url = absoluteUrl(origin, perkAnchorHref(nft.PlatformNFTId, perk.PlatformPerkId));
  const place = placeOf(perk);
  return {
    "@type": "Event",
    "@id": url,
    name: shorten(perk.ShortDescription, NAME_CHARS),
    ...(perk.LongDescription ? { description: shorten(perk.LongDescription, DESCRIPTION_CHARS) } : {}),
    startDate: instant.timeSet ? new Date(instant.ms).toISOString() : isoDay(instant.ms),
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: place ? "https://schema.org/OfflineEventAttendanceMode" : "https://schema.org/OnlineEventAttendanceMode",
    location: locationOf(perk, url),
    url,
    ...(nft.ImagePic ? { image: nft.ImagePic } : {}),
    organizer: {
      "@type": "Organization",
      name: shorten(nft.Creator || nft.Title, NAME_CHARS),
      url: absoluteUrl(origin, collectionPageHref(nft.PlatformNFTId)),
    },
    offers: {
      "@type": "Offer",
      url: perk.Site ?? url,
      availability: "https://schema.org/InStock",
      description: shorten(holderRequirement(perk, nft.Title), DESCRIPTION_CHARS),
    },
  };
}

/** The collection and its dated perks as schema.org: a Collection, and an Event per dated perk. */
export function collectionJsonLd(nft: CollectionDoc, perks: PerkDoc[], origin: string): Graph {
  const pageUrl = absoluteUrl(origin, collectionPageHref(nft.PlatformNFTId));
  const events = datedPerks(perks)
    .slice(0, JSON_LD_EVENTS)
    .map((dated) => eventOf(dated, nft, origin));
  const collection: Collection = {
    "@type": "Collection",
    "@id": pageUrl,
    name: shorten(nft.Title, NAME_CHARS),
    url: pageUrl,
    ...(nft.CollectionDescription ? { description: shorten(nft.CollectionDescription, DESCRIPTION_CHARS) } : {}),
    ...(nft.ImagePic ? { image: nft.ImagePic } : {}),
    ...(nft.Creator ? { creator: { "@type": "Organization", name: shorten(nft.Creator, NAME_CHARS) } } : {}),
    // schema.org has no property for a verified listing: the fact is said in words.
    ...(nft.VerifiedBy
      ? { disambiguatingDescription: `Verified: the owner of its contract (${nft.VerifiedBy}) signed this listing.` }
      : {}),
    ...(events.length > 0 ? { hasPart: events.map((event) => ({ "@id": (event as { "@id": string })["@id"] })) } : {}),
  };
  return { "@context": "https://schema.org", "@graph": [collection, ...events] };
}

/**
 * JSON for inside a <script> element: `<`, `>` and `&` written as escapes, so no text can close
 * the element or open a comment, and U+2028/U+2029, which older JavaScript parsers take for line ends.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
