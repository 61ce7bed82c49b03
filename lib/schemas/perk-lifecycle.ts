import type { PerkDate, PerkStatus } from "@/lib/schemas/perk";

const DAY_MS = 86_400_000;

/**
 * The first moment (ms since the epoch) at which a perk with this date is over, or null without a
 * date. A date with a time is over just after that instant; a date without a time is a calendar
 * day in UTC (how it is stored and shown), over when that day has ended.
 */
export function perkPastFrom(date: PerkDate | undefined): number | null {
  if (!date) return null;
  const ms = date.dt.seconds * 1000 + Math.floor(date.dt.nanoseconds / 1_000_000);
  if (date.timeSet) return ms + 1;
  return Math.floor(ms / DAY_MS) * DAY_MS + DAY_MS;
}

/**
 * The Status a perk is reported and filtered with at `now`: Past once its date is over, whatever
 * was stored; otherwise the stored Status (which may be absent, or Past set by hand). Computed at
 * read time, never written back, so the stored record is exactly what the partner sent.
 */
export function effectivePerkStatus(status: PerkStatus | undefined, date: PerkDate | undefined, now: number): PerkStatus | undefined {
  const pastFrom = perkPastFrom(date);
  if (pastFrom !== null && now >= pastFrom) return "Past";
  return status;
}
