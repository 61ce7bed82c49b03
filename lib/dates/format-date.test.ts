import { describe, expect, it } from "vitest";
import { formatDate } from "./format-date";

// 23:30 UTC on Nov 22: already Nov 23 in Tokyo, still Nov 22 in New York.
const LATE = Date.UTC(2026, 10, 22, 23, 30);

describe("formatDate", () => {
  it("writes each option set as a formatter of its own would, whatever was asked before", () => {
    const asked = [
      { locale: "en-US", timeZone: "UTC" },
      { locale: "en-US", timeZone: "Asia/Tokyo" },
      { locale: "en-US", timeZone: "America/New_York", time: true },
      { locale: "en-US", timeZone: "America/New_York", time: true, zoneName: true },
      { locale: "de-DE", timeZone: "UTC" },
      { locale: "en-US", timeZone: "UTC", zoneName: true },
    ];
    // Twice round, so the second pass reads kept formatters.
    for (const options of [...asked, ...asked]) {
      const expected = new Intl.DateTimeFormat(options.locale, {
        year: "numeric",
        month: "short",
        day: "numeric",
        ...(options.time ? { hour: "numeric", minute: "2-digit" } : {}),
        ...(options.time && options.zoneName ? { timeZoneName: "short" } : {}),
        timeZone: options.timeZone,
      }).format(LATE);
      expect(formatDate(LATE, options)).toBe(expected);
    }
    expect(formatDate(LATE, { locale: "en-US", timeZone: "Asia/Tokyo" })).toBe("Nov 23, 2026");
    expect(formatDate(LATE, { locale: "en-US", timeZone: "UTC" })).toBe("Nov 22, 2026");
    expect(formatDate(LATE, { locale: "en-US", timeZone: "UTC", time: true, zoneName: true })).toBe("Nov 22, 2026, 11:30 PM UTC");
  });

  it("stays right past the number of formatters it keeps", () => {
    const zones = Intl.supportedValuesOf("timeZone").slice(0, 150);
    for (const timeZone of zones) {
      expect(formatDate(LATE, { locale: "en-US", timeZone, time: true })).toBe(
        new Intl.DateTimeFormat("en-US", {
          year: "numeric",
          month: "short",
          day: "numeric",
          hour: "numeric",
          minute: "2-digit",
          timeZone,
        }).format(LATE),
      );
    }
  });

  it("refuses an unknown time zone as Intl does", () => {
    expect(() => formatDate(LATE, { timeZone: "Mars/Olympus" })).toThrow(RangeError);
  });
});
