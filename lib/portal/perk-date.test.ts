import { afterEach, describe, expect, it } from "vitest";
import type { PerkDate } from "@/lib/schemas/perk";
import { draftFromPerkDate, perkDateFromDraft, withTimeSet } from "./perk-date";

// Zones with odd offsets, both sides of Greenwich and the date line, and daylight saving time.
const ZONES = ["UTC", "America/Los_Angeles", "Asia/Kolkata", "Pacific/Chatham", "Pacific/Kiritimati", "Pacific/Pago_Pago", "Europe/Berlin"];
const originalZone = process.env.TZ;

function inZone<T>(zone: string, run: () => T): T {
  process.env.TZ = zone;
  return run();
}

afterEach(() => {
  process.env.TZ = originalZone;
});

const moment = (seconds: number): PerkDate => ({ dt: { seconds, nanoseconds: 0 }, timeSet: true });
const day = (seconds: number): PerkDate => ({ dt: { seconds, nanoseconds: 0 }, timeSet: false });

describe("perk date mapping", () => {
  it("round-trips moments and days unchanged in every time zone", () => {
    const moments = [1_767_225_600, 1_774_746_000 /* around a DST change */, 1_700_000_123, 0, -62_135_596_800 + 86_400 * 2];
    const days = [1_772_668_800 /* 2026-03-05 */, 0, 253_402_214_400 /* 9999-12-31 */, -62_135_596_800 /* 0001-01-01 */];
    for (const zone of ZONES) {
      inZone(zone, () => {
        for (const seconds of moments)
          expect(perkDateFromDraft(draftFromPerkDate(moment(seconds))), `${zone} ${seconds}`).toEqual(moment(seconds));
        for (const seconds of days) expect(perkDateFromDraft(draftFromPerkDate(day(seconds))), `${zone} ${seconds}`).toEqual(day(seconds));
      });
    }
  });

  it("shows a day without a time as the same calendar day everywhere", () => {
    for (const zone of ZONES) {
      inZone(zone, () => expect(draftFromPerkDate(day(1_772_668_800))).toEqual({ noDate: false, timeSet: false, text: "2026-03-05" }));
    }
  });

  it("shows a moment in the browser's time zone", () => {
    const seconds = 1_767_225_600; // 2026-01-01T00:00:00Z
    expect(inZone("UTC", () => draftFromPerkDate(moment(seconds)).text)).toBe("2026-01-01T00:00");
    expect(inZone("Asia/Kolkata", () => draftFromPerkDate(moment(seconds)).text)).toBe("2026-01-01T05:30");
    expect(inZone("America/Los_Angeles", () => draftFromPerkDate(moment(seconds)).text)).toBe("2025-12-31T16:00");
    expect(inZone("Asia/Kolkata", () => perkDateFromDraft({ noDate: false, timeSet: true, text: "2026-01-01T05:30" }))).toEqual(
      moment(seconds),
    );
    expect(inZone("UTC", () => draftFromPerkDate(moment(seconds + 7)).text)).toBe("2026-01-01T00:00:07");
  });

  it("maps no date, an empty input and early years", () => {
    expect(draftFromPerkDate("")).toEqual({ noDate: true, timeSet: true, text: "" });
    expect(draftFromPerkDate(undefined)).toEqual({ noDate: true, timeSet: true, text: "" });
    expect(perkDateFromDraft({ noDate: true, timeSet: true, text: "2026-01-01T10:00" })).toBe("");
    expect(perkDateFromDraft({ noDate: false, timeSet: false, text: "" })).toBe("");
    expect(perkDateFromDraft({ noDate: false, timeSet: false, text: "0050-06-01" })).toEqual(day(-60_576_249_600));
    expect(inZone("UTC", () => draftFromPerkDate(day(-60_576_249_600)).text)).toBe("0050-06-01");
  });

  it("keeps the day when a time is added or removed", () => {
    const asDay = { noDate: false, timeSet: false, text: "2026-03-05" };
    expect(withTimeSet(asDay, true)).toEqual({ noDate: false, timeSet: true, text: "2026-03-05T00:00" });
    expect(withTimeSet({ noDate: false, timeSet: true, text: "2026-03-05T18:45" }, false)).toEqual(asDay);
    expect(withTimeSet(asDay, false)).toBe(asDay);
  });
});
