import { coordinatesOf, formatCoordinates, formatPerkDate, perkInstant } from "@/lib/browse/perk-view";
import type { DateFormatOptions } from "@/lib/dates/format-date";
import type { PerkDate } from "@/lib/schemas/perk";

/*
 * A stored field value in the words the editor uses, for history and anything else that shows
 * values out of their form. Pure: the browser passes `{}` for the visitor's own locale and zone.
 */

const count = (value: number) => value.toLocaleString("en-US");

/** Tokens required: 0 means anyone may claim it, as the editor's perk rows say. */
export const tokensText = (value: number) => (value === 0 ? "None needed" : count(value));

/** A perk's place: its address, its coordinates, or both ("Paris (48.8566° N, 2.3522° E)"); null when neither. */
export function placeText(location: unknown): string | null {
  if (typeof location !== "object" || location === null) return null;
  const { address } = location as { address?: unknown };
  const point = coordinatesOf(location as Parameters<typeof coordinatesOf>[0]);
  const where = typeof address === "string" ? address.trim() : "";
  const at = point ? formatCoordinates(point) : "";
  if (where && at) return `${where} (${at})`;
  return where || at || null;
}

const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === "string");

/** The words of one field's value, by its API name; null for "not set" (absent, empty text, an empty place). */
export function valueWords(path: string, value: unknown, dates: DateFormatOptions = {}): string | null {
  if (value === undefined || value === null || value === "") {
    return path === "Date" && value === "" ? "No date" : null;
  }
  switch (path) {
    case "Date": {
      const instant = perkInstant(value as PerkDate);
      return instant ? formatPerkDate(instant, dates) : "No date";
    }
    case "Location":
      return placeText(value);
    case "floorPrice":
      return value === "notset" ? "Not set" : String(value);
    case "TokensRequired":
      return typeof value === "number" ? tokensText(value) : String(value);
  }
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number") return count(value);
  if (typeof value === "string") return value;
  if (isStringList(value)) return value.length === 0 ? null : value.join(", ");
  return JSON.stringify(value);
}

type KeyName = { id: string; label: string; prefix: string };

/** An API key as the keys page names it: its label and the start of the key ("CI deploys (uds_3fA9…)"). */
export const keyName = (key: Pick<KeyName, "label" | "prefix">) => `${key.label} (${key.prefix}…)`;

/**
 * How a change was made, for people: "in the portal", or the key by its label and prefix; a key
 * the list does not hold (not loaded yet, or another account's) is only "an API key", never its id.
 */
export function viaWords(via: string, keys: readonly KeyName[] | undefined): string {
  if (!via.startsWith("Keys/")) return "in the portal";
  const key = keys?.find((candidate) => candidate.id === via.slice("Keys/".length));
  return key ? `with API key ${keyName(key)}` : "with an API key";
}
