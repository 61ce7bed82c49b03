/** Where and how to write a date: the visitor's own locale and zone when left out. */
export type DateFormatOptions = { locale?: string; timeZone?: string };

/**
 * The one date format of every public and portal page: "Nov 22, 2026", with a time
 * "Nov 22, 2026, 6:53 PM" (and the zone's name where a reader might be elsewhere).
 */
export function formatDate(
  ms: number,
  { locale, timeZone, time = false, zoneName = false }: DateFormatOptions & { time?: boolean; zoneName?: boolean } = {},
): string {
  return formatter(locale, timeZone, time, time && zoneName).format(ms);
}

/**
 * Formatters by their options, kept: building an `Intl.DateTimeFormat` costs far more than using
 * one (it loads locale data), and a collection page writes dozens of dates on every view. Pages
 * ask for a handful of option sets; the bound only guards against a flood of distinct locales.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
const MAX_FORMATTERS = 64;

function formatter(locale: string | undefined, timeZone: string | undefined, time: boolean, zoneName: boolean): Intl.DateTimeFormat {
  const key = `${locale ?? ""}|${timeZone ?? ""}|${time}|${zoneName}`;
  let kept = formatters.get(key);
  if (!kept) {
    kept = new Intl.DateTimeFormat(locale, {
      year: "numeric",
      month: "short",
      day: "numeric",
      ...(time ? { hour: "numeric", minute: "2-digit" } : {}),
      ...(zoneName ? { timeZoneName: "short" } : {}),
      timeZone,
    } as const);
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    formatters.set(key, kept);
  }
  return kept;
}

/** A `month/day/year` day as the service writes `CreationDate`, as midnight UTC; null if it is not one. */
export function parseCreationDate(text: string | undefined): number | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text ?? "");
  if (!match) return null;
  const ms = Date.UTC(Number(match[3]), Number(match[1]) - 1, Number(match[2]));
  return Number.isNaN(ms) ? null : ms;
}
