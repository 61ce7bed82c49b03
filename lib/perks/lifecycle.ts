import type { PerkFields } from "@/lib/schemas/perk";

export type PerkStatus = NonNullable<PerkFields["Status"]>;

/** A perk's Date in milliseconds since 1970, or null when it has none. */
export function perkDateMs(date: PerkFields["Date"]): number | null {
  if (!date) return null;
  return date.dt.seconds * 1000 + Math.floor(date.dt.nanoseconds / 1_000_000);
}

/**
 * The status a perk is read with at `now`: stored as Past, or dated before now, is Past (a perk
 * whose day has gone is over whatever was stored); otherwise the stored status, if any. Search
 * filters by the same rule in SQL (`perkStatusWhere` in lib/search/filters.ts, over the columns of
 * migration 0006).
 */
export function effectivePerkStatus(status: PerkStatus | undefined, date: PerkFields["Date"], now: number): PerkStatus | null {
  if (status === "Past") return "Past";
  const at = perkDateMs(date);
  if (at !== null && at < now) return "Past";
  return status ?? null;
}
