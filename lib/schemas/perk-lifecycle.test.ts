import { describe, expect, it } from "vitest";
import { effectivePerkStatus, perkPastFrom } from "./perk-lifecycle";

const at = (iso: string, timeSet: boolean) => ({ dt: { seconds: Date.parse(iso) / 1000, nanoseconds: 0 }, timeSet });

describe("effectivePerkStatus", () => {
  it("turns a timed perk Past just after its instant", () => {
    const date = at("2030-06-16T18:00:00Z", true);
    const moment = Date.parse("2030-06-16T18:00:00Z");
    expect(effectivePerkStatus("Upcoming", date, moment)).toBe("Upcoming");
    expect(effectivePerkStatus("Upcoming", date, moment + 1)).toBe("Past");
  });

  it("turns a day-only perk Past when its UTC day has ended", () => {
    const date = at("2030-06-15T00:00:00Z", false);
    expect(effectivePerkStatus("Upcoming", date, Date.parse("2030-06-15T23:59:59.999Z"))).toBe("Upcoming");
    expect(effectivePerkStatus("Upcoming", date, Date.parse("2030-06-16T00:00:00Z"))).toBe("Past");
    expect(perkPastFrom(date)).toBe(Date.parse("2030-06-16T00:00:00Z"));
  });

  it("keeps the stored Status otherwise, absent or Past set by hand", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(effectivePerkStatus(undefined, at("2030-01-01T00:00:00Z", true), now)).toBeUndefined();
    expect(effectivePerkStatus("Past", at("2030-01-01T00:00:00Z", true), now)).toBe("Past");
    expect(effectivePerkStatus("Upcoming", "", now)).toBe("Upcoming");
    expect(effectivePerkStatus(undefined, at("2020-01-01T00:00:00Z", false), now)).toBe("Past");
  });
});
