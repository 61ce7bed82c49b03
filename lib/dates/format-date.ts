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
  return new Intl.DateTimeFormat(locale, {
    year: "numeric",
    month: "short",
    day: "numeric",
    ...(time ? { hour: "numeric", minute: "2-digit" } : {}),
    ...(time && zoneName ? { timeZoneName: "short" } : {}),
    timeZone,
  } as const).format(ms);
}

/** A `month/day/year` day as the service writes `CreationDate`, as midnight UTC; null if it is not one. */
export function parseCreationDate(text: string | undefined): number | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text ?? "");
  if (!match) return null;
  const ms = Date.UTC(Number(match[3]), Number(match[1]) - 1, Number(match[2]));
  return Number.isNaN(ms) ? null : ms;
}
