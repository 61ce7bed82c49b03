import { describe, expect, it } from "vitest";
import { formatDate, parseCreationDate } from "@/lib/dates/format-date";
import {
  coordinatesOf,
  formatCoordinates,
  formatInstant,
  formatPerkDate,
  groupPerks,
  mapUrl,
  nextTurnPast,
  perkInstant,
} from "./perk-view";

// 2026-03-05T18:30:00Z
const SECONDS = 1_772_735_400;

describe("formatPerkDate", () => {
  it("shows a date with a time in the visitor's zone, named", () => {
    const instant = { ms: SECONDS * 1000, timeSet: true };
    expect(formatPerkDate(instant, { locale: "en-US", timeZone: "UTC" })).toBe("Mar 5, 2026, 6:30 PM UTC");
    expect(formatPerkDate(instant, { locale: "en-US", timeZone: "Asia/Tokyo" })).toBe("Mar 6, 2026, 3:30 AM GMT+9");
    expect(formatPerkDate(instant, { locale: "de-DE", timeZone: "Europe/Berlin" })).toBe("5. März 2026, 19:30 MEZ");
  });
  it("keeps a date without a time on its calendar day in every zone", () => {
    const instant = { ms: 1_772_668_800_000, timeSet: false }; // 2026-03-05T00:00:00Z
    expect(formatPerkDate(instant, { locale: "en-US", timeZone: "America/Los_Angeles" })).toBe("Mar 5, 2026");
  });
  it("formats a moment", () => {
    expect(formatInstant(SECONDS * 1000, { locale: "en-GB", timeZone: "UTC" })).toBe("5 Mar 2026, 18:30");
  });
  it("writes days, moments and perk dates in one format", () => {
    const day = formatPerkDate({ ms: 1_772_668_800_000, timeSet: false }, { locale: "en-US" });
    const moment = formatInstant(1_772_668_800_000, { locale: "en-US", timeZone: "UTC" });
    expect(moment.startsWith(`${day},`)).toBe(true);
    expect(formatDate(parseCreationDate("3/5/2026")!, { locale: "en-US", timeZone: "UTC" })).toBe(day);
    expect(parseCreationDate("2026-03-05")).toBeNull();
  });
});

describe("perkInstant", () => {
  it("reads seconds and nanoseconds", () => {
    expect(perkInstant({ dt: { seconds: 10, nanoseconds: 500_000_000 }, timeSet: true })).toEqual({ ms: 10_500, timeSet: true });
    expect(perkInstant("")).toBeNull();
    expect(perkInstant(undefined)).toBeNull();
  });
});

describe("groupPerks", () => {
  const at = (seconds: number) => ({ dt: { seconds, nanoseconds: 0 }, timeSet: true });
  const now = 1_000_000 * 1000;
  it("puts perks under their Status, soonest upcoming and latest past first", () => {
    const perks = [
      { id: "a", Status: "Past" as const, Date: at(10) },
      { id: "b", Status: "Upcoming" as const, Date: at(3_000_000) },
      { id: "c", Status: "Past" as const, Date: at(20) },
      { id: "d", Status: "Upcoming" as const, Date: at(2_000_000) },
      { id: "e", Status: "Upcoming" as const },
    ];
    const { upcoming, past } = groupPerks(perks, now);
    expect(upcoming.map((perk) => perk.id)).toEqual(["d", "b", "e"]);
    expect(past.map((perk) => perk.id)).toEqual(["c", "a"]);
  });
  it("goes by the date when there is no Status, and counts undated ones as upcoming", () => {
    const perks = [
      { id: "old", Date: at(5) },
      { id: "new", Date: at(2_000_000) },
      { id: "none", Date: "" as const },
    ];
    const { upcoming, past } = groupPerks(perks, now);
    expect(upcoming.map((perk) => perk.id)).toEqual(["new", "none"]);
    expect(past.map((perk) => perk.id)).toEqual(["old"]);
  });
});

describe("nextTurnPast", () => {
  const at = (seconds: number) => ({ dt: { seconds, nanoseconds: 0 }, timeSet: true });
  const day = (seconds: number) => ({ dt: { seconds, nanoseconds: 0 }, timeSet: false });
  const now = 1_000_000 * 1000;
  it("is the first moment after now at which a perk turns Past, until which the grouping holds", () => {
    const perks = [
      { id: "over", Date: at(10) },
      { id: "later", Status: "Upcoming" as const, Date: at(3_000_000) },
      { id: "sooner", Date: at(2_000_000) },
      { id: "stored past", Status: "Past" as const, Date: at(1_500_000) },
      { id: "undated" },
    ];
    const next = nextTurnPast(perks, now)!;
    expect(next).toBe(2_000_000 * 1000 + 1);
    expect(groupPerks(perks, next - 1)).toEqual(groupPerks(perks, now));
    expect(groupPerks(perks, next).past.map((perk) => perk.id)).toContain("sooner");
  });
  it("takes a day without a time as over when the day ends in UTC, and is null when nothing will turn", () => {
    // 1970-01-12T13:46:40Z: its day ends at 1970-01-13T00:00:00Z.
    expect(nextTurnPast([{ Date: day(1_000_000) }], now - 1)).toBe(12 * 86_400_000);
    expect(nextTurnPast([{ Date: at(10) }, {}, { Status: "Past" as const, Date: at(2_000_000) }], now)).toBeNull();
  });
});

describe("locations", () => {
  it("prefers latitude/longitude and falls back to the GeoPoint", () => {
    expect(coordinatesOf({ latitude: 1, longitude: 2, GeoPoint: { _lat: 3, _long: 4 } })).toEqual({ lat: 1, lon: 2 });
    expect(coordinatesOf({ GeoPoint: { _lat: 3, _long: 4 } })).toEqual({ lat: 3, lon: 4 });
    expect(coordinatesOf({ address: "x" })).toBeNull();
    expect(coordinatesOf(undefined)).toBeNull();
  });
  it("writes coordinates with hemispheres", () => {
    expect(formatCoordinates({ lat: 48.85661, lon: 2.35222 })).toBe("48.8566° N, 2.3522° E");
    expect(formatCoordinates({ lat: -33.8688, lon: -151.2093 })).toBe("33.8688° S, 151.2093° W");
  });
  it("links a pin, or else searches the address", () => {
    expect(mapUrl({ latitude: 48.8566, longitude: 2.3522 })).toBe(
      "https://www.openstreetmap.org/?mlat=48.85660&mlon=2.35220#map=16/48.85660/2.35220",
    );
    expect(mapUrl({ address: "1 Rue de Rivoli, Paris" })).toBe(
      "https://www.openstreetmap.org/search?query=1%20Rue%20de%20Rivoli%2C%20Paris",
    );
    expect(mapUrl({})).toBeNull();
  });
});
