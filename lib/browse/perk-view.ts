import { formatDate, type DateFormatOptions } from "@/lib/dates/format-date";
import { effectivePerkStatus, perkPastFrom } from "@/lib/schemas/perk-lifecycle";
import type { PerkDate, PerkStatus } from "@/lib/schemas/perk";

/** A perk date as an instant, or null when the perk has none. */
export type PerkInstant = { ms: number; timeSet: boolean };

export function perkInstant(date: PerkDate | undefined): PerkInstant | null {
  if (!date) return null;
  return { ms: date.dt.seconds * 1000 + Math.floor(date.dt.nanoseconds / 1_000_000), timeSet: date.timeSet };
}

/**
 * A perk's date for people. With a time, it is shown in the visitor's time zone (named). A date
 * without a time is a calendar day, not an instant: it is read in UTC, where it is stored, so it
 * does not move to the day before for visitors west of Greenwich.
 */
/**
 * How the server writes a date: it cannot know the visitor's locale and time zone, so it writes
 * UTC, and the browser rewrites it in the visitor's own once the page runs.
 */
export const SERVER_DATE_FORMAT = { locale: "en-US", timeZone: "UTC" } as const satisfies DateFormatOptions;

export function formatPerkDate(instant: PerkInstant, { locale, timeZone }: DateFormatOptions = {}): string {
  if (!instant.timeSet) return formatDate(instant.ms, { locale, timeZone: "UTC" });
  return formatDate(instant.ms, { locale, timeZone, time: true, zoneName: true });
}

/** A moment (ms since the epoch) with date and time, as for "last updated". */
export function formatInstant(ms: number, { locale, timeZone }: DateFormatOptions = {}): string {
  return formatDate(ms, { locale, timeZone, time: true });
}

type Grouped<P> = { upcoming: P[]; past: P[] };

/**
 * Perks split into Upcoming and Past by `effectivePerkStatus`: a perk whose date is over is past,
 * otherwise its own Status decides, and one with neither counts as upcoming (an ongoing offer). Upcoming perks come
 * soonest first, past ones most recent first, undated ones last in their stored order.
 */
export function groupPerks<P extends { Status?: PerkStatus; Date?: PerkDate }>(perks: P[], nowMs: number): Grouped<P> {
  const withTime = perks.map((perk, index) => ({ perk, index, instant: perkInstant(perk.Date) }));
  const isPast = (entry: (typeof withTime)[number]) => effectivePerkStatus(entry.perk.Status, entry.perk.Date, nowMs) === "Past";
  const byDate = (direction: 1 | -1) => (a: (typeof withTime)[number], b: (typeof withTime)[number]) => {
    if (a.instant && b.instant && a.instant.ms !== b.instant.ms) return (a.instant.ms - b.instant.ms) * direction;
    if (a.instant && !b.instant) return -1;
    if (!a.instant && b.instant) return 1;
    return a.index - b.index;
  };
  return {
    upcoming: withTime
      .filter((entry) => !isPast(entry))
      .sort(byDate(1))
      .map((entry) => entry.perk),
    past: withTime
      .filter(isPast)
      .sort(byDate(-1))
      .map((entry) => entry.perk),
  };
}

/**
 * The next moment after `nowMs` at which one of `perks` turns Past, or null if none will: until
 * then `groupPerks` groups them as it does at `nowMs` (a kept page is valid that long).
 */
export function nextTurnPast(perks: { Status?: PerkStatus; Date?: PerkDate }[], nowMs: number): number | null {
  let next: number | null = null;
  for (const perk of perks) {
    const at = perkPastFrom(perk.Date);
    if (at !== null && at > nowMs && perk.Status !== "Past" && (next === null || at < next)) next = at;
  }
  return next;
}

type Location = {
  GeoPoint?: { _lat: number; _long: number };
  address?: string;
  latitude?: number;
  longitude?: number;
};

/** Latitude and longitude of a perk's location, from its own fields or its GeoPoint. */
export function coordinatesOf(location: Location | undefined): { lat: number; lon: number } | null {
  if (!location) return null;
  if (location.latitude !== undefined && location.longitude !== undefined) {
    return { lat: location.latitude, lon: location.longitude };
  }
  if (location.GeoPoint) return { lat: location.GeoPoint._lat, lon: location.GeoPoint._long };
  return null;
}

/** "48.8566° N, 2.3522° E" */
export function formatCoordinates({ lat, lon }: { lat: number; lon: number }): string {
  const part = (value: number, positive: string, negative: string) => `${Math.abs(value).toFixed(4)}° ${value < 0 ? negative : positive}`;
  return `${part(lat, "N", "S")}, ${part(lon, "E", "W")}`;
}

/** An OpenStreetMap link: a pin at the coordinates, or else a search for the address. */
export function mapUrl(location: Location | undefined): string | null {
  const point = coordinatesOf(location);
  if (point) {
    const lat = point.lat.toFixed(5);
    const lon = point.lon.toFixed(5);
    return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`;
  }
  const address = location?.address?.trim();
  return address ? `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}` : null;
}
