import type { PerkDate } from "@/lib/schemas/perk";

/**
 * What the perk date controls hold: "No date", "Includes a time", and the text of the input
 * (`YYYY-MM-DDTHH:mm[:ss]` for a moment in the browser's time zone, `YYYY-MM-DD` for a day).
 * A day without a time is a calendar day stored at midnight UTC (as the public pages read it),
 * so it shows the same day wherever the partner is.
 */
export type DateDraft = { noDate: boolean; timeSet: boolean; text: string };

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

function dayText(year: number, month: number, day: number) {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

export function draftFromPerkDate(date: PerkDate | undefined): DateDraft {
  if (!date) return { noDate: true, timeSet: true, text: "" };
  const at = new Date(date.dt.seconds * 1000);
  if (!date.timeSet) {
    return { noDate: false, timeSet: false, text: dayText(at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate()) };
  }
  const seconds = at.getSeconds() === 0 ? "" : `:${pad(at.getSeconds())}`;
  const time = `${pad(at.getHours())}:${pad(at.getMinutes())}${seconds}`;
  return { noDate: false, timeSet: true, text: `${dayText(at.getFullYear(), at.getMonth() + 1, at.getDate())}T${time}` };
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MOMENT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

function parseDay(text: string): number | null {
  const match = DAY.exec(text);
  if (!match) return null;
  const at = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not turn years 0–99 into 1900–1999.
  at.setUTCFullYear(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Math.floor(at.getTime() / 1000);
}

function parseLocalMoment(text: string): number | null {
  const match = MOMENT.exec(text);
  if (!match) return null;
  const at = new Date(2000, 0, 1);
  at.setFullYear(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  at.setHours(Number(match[4]), Number(match[5]), Number(match[6] ?? 0), 0);
  return Math.floor(at.getTime() / 1000);
}

/** The API's `Date` for the controls: `""` when there is no date (or no complete input yet). */
export function perkDateFromDraft(draft: DateDraft): PerkDate {
  if (draft.noDate) return "";
  const seconds = draft.timeSet ? parseLocalMoment(draft.text) : parseDay(draft.text);
  if (seconds === null || Number.isNaN(seconds)) return "";
  return { dt: { seconds, nanoseconds: 0 }, timeSet: draft.timeSet };
}

/** Switching "Includes a time" keeps the day: a day gains midnight, a moment loses its time. */
export function withTimeSet(draft: DateDraft, timeSet: boolean): DateDraft {
  if (draft.timeSet === timeSet) return draft;
  if (draft.text === "") return { ...draft, timeSet };
  return { ...draft, timeSet, text: timeSet ? `${draft.text.slice(0, 10)}T00:00` : draft.text.slice(0, 10) };
}
