import { describe, expect, it } from "vitest";
import { FIRST_PERKS, shownPerks } from "./first-perks";

const perks = (prefix: string, count: number) => Array.from({ length: count }, (_, index) => ({ PlatformPerkId: `${prefix}${index}` }));
const ids = (list: { PlatformPerkId: string }[]) => list.map((perk) => perk.PlatformPerkId);

describe("shownPerks", () => {
  it("renders a collection within the bound whole", () => {
    const groups = { upcoming: perks("u", 10), past: perks("p", FIRST_PERKS - 10) };
    expect(shownPerks(groups, { all: false })).toEqual({
      ...groups,
      counts: { upcoming: 10, past: FIRST_PERKS - 10 },
      hidden: 0,
      firstHidden: null,
    });
  });

  it("renders the first perks, Upcoming then Past, and counts the groups whole", () => {
    const upcoming = FIRST_PERKS - 4;
    const groups = { upcoming: perks("u", upcoming), past: perks("p", 90 - upcoming) };
    const shown = shownPerks(groups, { all: false });
    expect(ids(shown.upcoming)).toEqual(ids(groups.upcoming));
    expect(ids(shown.past)).toEqual(ids(groups.past.slice(0, 4)));
    expect(shown.counts).toEqual({ upcoming, past: 90 - upcoming });
    expect(shown.hidden).toBe(90 - FIRST_PERKS);
    expect(shown.firstHidden?.PlatformPerkId).toBe("p4");
  });

  it("leaves Past out entirely when Upcoming fills the first perks", () => {
    const shown = shownPerks({ upcoming: perks("u", 30), past: perks("p", 5) }, { all: false });
    expect(shown.upcoming).toHaveLength(FIRST_PERKS);
    expect(shown.past).toEqual([]);
    expect(shown.firstHidden?.PlatformPerkId).toBe(`u${FIRST_PERKS}`);
  });

  it("renders all perks when asked, or when the perk asked for is past the first", () => {
    const groups = { upcoming: perks("u", 50), past: perks("p", 40) };
    for (const shown of [shownPerks(groups, { all: true }), shownPerks(groups, { all: false, perk: "p3" })]) {
      expect(ids(shown.upcoming)).toEqual(ids(groups.upcoming));
      expect(ids(shown.past)).toEqual(ids(groups.past));
      expect(shown.hidden).toBe(0);
    }
  });

  it("keeps the bound for a perk among the first, or one that is not there", () => {
    const groups = { upcoming: perks("u", 50), past: perks("p", 40) };
    for (const perk of ["u0", `u${FIRST_PERKS - 1}`, "nope"])
      expect(shownPerks(groups, { all: false, perk }).hidden).toBe(90 - FIRST_PERKS);
  });
});
