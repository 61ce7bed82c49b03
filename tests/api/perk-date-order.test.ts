import { beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { perkClock } from "@/lib/schemas/perk-clock";
import { effectivePerkStatus } from "@/lib/schemas/perk-lifecycle";
import type { PerkDate } from "@/lib/schemas/perk";
import { createOk, findPerks, newCaller, validCollection, validPerk, type Caller } from "../support/api";

// Every answer computed at the clock the test sets, none reused.
process.env.SEARCH_CACHE_MS = "0";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 5, 10, 12);

type Dated = Exclude<PerkDate, "">;
type Stored = { id: string; tags: string[]; status: "Upcoming" | "Past" | undefined; date: Dated | undefined };

/**
 * Dates crowd a few days around NOW, so that ties of the same instant are common and the parts of
 * the date order meet inside pages: timed and untimed, exactly now and a millisecond either side.
 */
const dateArb: fc.Arbitrary<Dated | undefined> = fc.oneof(
  fc.constant(undefined),
  fc
    .record({
      day: fc.integer({ min: -3, max: 3 }),
      at: fc.constantFrom(0, DAY / 2, NOW % DAY, (NOW % DAY) - 1, (NOW % DAY) + 1),
      timeSet: fc.boolean(),
    })
    .map(({ day, at, timeSet }) => {
      const ms = Math.floor(NOW / DAY) * DAY + day * DAY + at;
      return { dt: { seconds: Math.floor(ms / 1000), nanoseconds: (ms % 1000) * 1_000_000 }, timeSet };
    }),
);
const perkArb = fc.record({
  tags: fc.subarray(["Events", "Merch", "Food"], { minLength: 1 }),
  status: fc.constantFrom("Upcoming" as const, "Past" as const, undefined),
  date: dateArb,
});

/** The date order as the contract's readers see it: upcoming soonest first, then past most recent first, then undated; ties by id. */
function expectedOrder(perks: Stored[], now: number): string[] {
  const key = (perk: Stored): [number, number] => {
    if (!perk.date) return [2, 0];
    const at = perk.date.dt.seconds * 1000 + perk.date.dt.nanoseconds / 1e6;
    return effectivePerkStatus(perk.status, perk.date, now) === "Past" ? [1, -at] : [0, at];
  };
  return [...perks]
    .sort((a, b) => {
      const [ga, ka] = key(a);
      const [gb, kb] = key(b);
      return ga - gb || ka - kb || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    })
    .map((perk) => perk.id);
}

let caller: Caller;
const stored: Stored[] = [];

beforeAll(async () => {
  perkClock.now = () => NOW;
  caller = await newCaller();
  const perks = fc.sample(fc.array(perkArb, { minLength: 90, maxLength: 90 }), { numRuns: 1, seed: 90 })[0]!;
  for (let start = 0; start < perks.length; start += 30) {
    const batch = perks.slice(start, start + 30);
    const echo = await createOk(caller.key, {
      nftData: validCollection({ Title: `Calendar ${start}` }),
      perkData: batch.map((perk, index) => {
        const { Status: _status, Date: _date, Location: _place, ...base } = validPerk({ ShortDescription: `Perk ${start + index}` });
        return { ...base, Tags: perk.tags, ...(perk.status ? { Status: perk.status } : {}), Date: perk.date ?? "" };
      }),
    });
    echo.perkData.forEach((perk: { PlatformPerkId: string }, index: number) => stored.push({ ...batch[index]!, id: perk.PlatformPerkId }));
  }
}, 120_000);

/** Every page of a search, in order, and the page count it answered. */
async function allPages(params: Record<string, string>): Promise<{ ids: string[]; numPages: number }> {
  const ids: string[] = [];
  let numPages = 1;
  for (let pageNum = 1; pageNum <= numPages; pageNum += 1) {
    const response = await findPerks(caller.key, { ...params, pageNum });
    const body = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(200);
    numPages = body.NumPages;
    ids.push(...body.Docs.map((doc: { PlatformPerkId: string }) => doc.PlatformPerkId));
  }
  return { ids, numPages };
}

describe("GET /api-gateway/perks: the date order, page by page", () => {
  // Before every date, at it, a millisecond past it, at the end of an untimed day, after them all.
  const clocks = [NOW - 5 * DAY, NOW - 1, NOW, NOW + 1, Math.floor(NOW / DAY) * DAY + DAY, NOW + DAY, NOW + 5 * DAY];

  it.each(clocks)("pages every category and Status in the one date order at %d", async (now) => {
    perkClock.now = () => now;
    for (const category of [undefined, "Events", "Merch", "Food"]) {
      for (const status of [undefined, "Past", "Upcoming"] as const) {
        const matching = stored.filter(
          (perk) =>
            (!category || perk.tags.includes(category)) && (!status || (effectivePerkStatus(perk.status, perk.date, now) ?? "") === status),
        );
        const params = { ...(category ? { category } : {}), ...(status ? { status } : {}) };
        const { ids, numPages } = await allPages(params);
        expect(ids, JSON.stringify(params)).toEqual(expectedOrder(matching, now));
        expect(numPages).toBe(Math.ceil(matching.length / 20));
      }
    }
  });
});
