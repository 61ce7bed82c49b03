import { describe, expect, it } from "vitest";
import { effectivePerkStatus } from "./lifecycle";

const at = (seconds: number) => ({ dt: { seconds, nanoseconds: 0 }, timeSet: true });
const now = 1_800_000_000_000;

describe("effectivePerkStatus", () => {
  it("keeps a stored Past, dated or not", () => {
    expect(effectivePerkStatus("Past", undefined, now)).toBe("Past");
    expect(effectivePerkStatus("Past", at(now / 1000 + 60), now)).toBe("Past");
  });

  it("turns a perk dated before now into Past, whatever was stored", () => {
    expect(effectivePerkStatus("Upcoming", at(now / 1000 - 1), now)).toBe("Past");
    expect(effectivePerkStatus(undefined, at(now / 1000 - 1), now)).toBe("Past");
  });

  it("keeps the stored status while the Date is now or later, or absent", () => {
    expect(effectivePerkStatus("Upcoming", at(now / 1000), now)).toBe("Upcoming");
    expect(effectivePerkStatus("Upcoming", "", now)).toBe("Upcoming");
    expect(effectivePerkStatus(undefined, undefined, now)).toBeNull();
  });
});
