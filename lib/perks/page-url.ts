import { PERK_SEARCH_PARAM_NAMES } from "@/lib/schemas/perk-search-params";
import type { PerkDoc } from "@/lib/schemas/perk";
import { coordinatesOf, perkInstant } from "@/lib/browse/perk-view";

/** The /perks page's URL state: the perks API's own parameter names, so a page URL and an API call read alike. */
export type PerksPageParams = Partial<Record<(typeof PERK_SEARCH_PARAM_NAMES)[number], string>>;

type RawParams = Record<string, string | string[] | undefined>;

/** The first value of each known parameter; empty ones are left out, as the API does. */
export function readPerksPageParams(raw: RawParams): PerksPageParams {
  const params: PerksPageParams = {};
  for (const name of PERK_SEARCH_PARAM_NAMES) {
    const value = raw[name];
    const first = Array.isArray(value) ? value[0] : value;
    if (first) params[name] = first;
  }
  return params;
}

export function perksHref(params: PerksPageParams): string {
  const query = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => Boolean(entry[1])));
  const text = query.toString();
  return text ? `/perks?${text}` : "/perks";
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** From today (UTC) to the end of the week (today + 6 days) or to the last day of this month. */
export function dateShortcut(span: "week" | "month", now: number): { from: string; to: string } {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  if (span === "week") return { from: isoDay(today), to: isoDay(today + 6 * DAY_MS) };
  const date = new Date(today);
  return { from: isoDay(today), to: isoDay(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)) };
}

/** Around a perk's place (NEARBY_KM) and its date (± NEARBY_DAYS), for "more perks like this one"; null with neither. */
export const NEARBY_KM = 50;
export const NEARBY_DAYS = 7;

export function nearbyPerksHref(perk: Pick<PerkDoc, "Location" | "Date">): string | null {
  const point = coordinatesOf(perk.Location);
  const instant = perkInstant(perk.Date);
  if (!point && !instant) return null;
  const params: PerksPageParams = {};
  if (point) {
    params.near = `${point.lat.toFixed(4)},${point.lon.toFixed(4)}`;
    params.radiusKm = String(NEARBY_KM);
  }
  if (instant) {
    params.from = isoDay(instant.ms - NEARBY_DAYS * DAY_MS);
    params.to = isoDay(instant.ms + NEARBY_DAYS * DAY_MS);
  }
  return perksHref(params);
}

/**
 * A collection's page: `all` renders every perk, not only the first (docs/decisions/068); `perk`
 * asks for that perk whole, rendered wherever it stands in the list; `anchor` scrolls to a perk.
 */
export function collectionPageHref(
  collectionId: string,
  { all = false, perk, anchor }: { all?: boolean; perk?: string; anchor?: string } = {},
) {
  const params = new URLSearchParams();
  if (all) params.set("perks", "all");
  if (perk !== undefined) params.set("perk", perk);
  const query = params.size > 0 ? `?${params}` : "";
  return `/collections/${encodeURIComponent(collectionId)}${query}${anchor === undefined ? "" : `#perk-${encodeURIComponent(anchor)}`}`;
}

/**
 * A link to one perk: its collection's page asked for that perk (so it is rendered, and whole,
 * however far down the list it stands), scrolled to it.
 */
export const perkAnchorHref = (collectionId: string, perkId: string) => collectionPageHref(collectionId, { perk: perkId, anchor: perkId });
