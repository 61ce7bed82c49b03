import ICAL from "ical.js";
import { beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_CACHE_CONTROL } from "@/lib/syndication/answers";
import { createOk, deleteCollection, newCaller, validCollection, validPerk } from "../support/api";
import { callRoute } from "../support/routes";

/* iCalendar: "Add to calendar" for a dated perk, and a collection's calendar to subscribe to. */

const get = (path: string) => callRoute(new Request(`http://localhost${path}`));
async function calendarAt(path: string) {
  const response = await get(path);
  expect(response.status, path).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
  expect(response.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
  const text = await response.text();
  const calendar = new ICAL.Component(ICAL.parse(text));
  return { text, calendar, events: calendar.getAllSubcomponents("vevent") };
}

const NASTY = `<b>Party</b>; "quoted", \\ back 🦦 שלום\r\nline two`;
const TIMED = { dt: { seconds: 2_082_758_400, nanoseconds: 0 }, timeSet: true }; // 2036-01-01T00:00:00Z
const DAY = { dt: { seconds: 2_082_844_800, nanoseconds: 0 }, timeSet: false }; // 2036-01-02

let key: string;
let id: string;
let perkIds: string[];
beforeAll(async () => {
  ({ key } = await newCaller());
  const created = await createOk(key, {
    nftData: validCollection({ Title: "Otters" }),
    perkData: [
      validPerk({ ShortDescription: NASTY, LongDescription: "y".repeat(10_000), Date: TIMED, TokensRequired: 2 }),
      validPerk({ ShortDescription: "Day out", Date: DAY, Location: { address: "Mainzer Straße 1, Berlin" } }),
      validPerk({ ShortDescription: "Undated", Date: "" }),
    ],
  });
  id = created.nftData.PlatformNFTId;
  perkIds = created.perkData.map((perk: { PlatformPerkId: string }) => perk.PlatformPerkId);
});

describe("Add to calendar", () => {
  it("is one event with a stable UID, DTSTART in UTC, the place with its geo, and a link back", async () => {
    const { text, calendar, events } = await calendarAt(`/collections/${id}/perks/${perkIds[0]}/calendar.ics`);
    expect(calendar.getFirstPropertyValue("method")).toBe("PUBLISH");
    expect(events).toHaveLength(1);
    const event = new ICAL.Event(events[0]!);
    expect(event.uid).toBe(`${perkIds[0]}.${id}@localhost`);
    expect(event.startDate.toString()).toBe("2036-01-01T00:00:00Z");
    expect(event.startDate.zone?.tzid).toBe("UTC");
    expect(event.summary).toBe(NASTY.replace("\r\n", "\n"));
    expect(event.location).toBe("New York, NY");
    expect(events[0]!.getFirstPropertyValue("geo")).toEqual([40.7128, -74.006]);
    expect(events[0]!.getFirstPropertyValue("url")).toBe(`http://localhost/collections/${id}?perk=${perkIds[0]}#perk-${perkIds[0]}`);
    expect(event.description).toContain("For holders of at least 2 tokens of Otters.");
    expect(Array.from(event.description).length).toBeLessThanOrEqual(3_000);
    // RFC 5545 §3.1: lines of at most 75 octets, folded without splitting a character.
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect((await calendarAt(`/collections/${id}/perks/${perkIds[0]}/calendar.ics`)).text).toBe(text);
  });

  it("writes a date without a time as an all-day event on that day", async () => {
    const { events } = await calendarAt(`/collections/${id}/perks/${perkIds[1]}/calendar.ics`);
    const event = new ICAL.Event(events[0]!);
    expect(event.startDate.isDate).toBe(true);
    expect(event.startDate.toString()).toBe("2036-01-02");
    expect(event.location).toBe("Mainzer Straße 1, Berlin");
  });

  it("answers 404 for a perk without a date, an unknown perk or collection", async () => {
    for (const path of [`${id}/perks/${perkIds[2]}`, `${id}/perks/nope`, `nope/perks/${perkIds[0]}`, `${id}/perks/${"x".repeat(300)}`]) {
      expect((await get(`/collections/${path}/calendar.ics`)).status, path).toBe(404);
    }
  });
});

describe("a collection's calendar", () => {
  it("holds every dated perk, soonest first, and says how often to refresh", async () => {
    const { calendar, events } = await calendarAt(`/collections/${id}/calendar.ics`);
    expect(events.map((event) => new ICAL.Event(event).summary)).toEqual([NASTY.replace("\r\n", "\n"), "Day out"]);
    expect(calendar.getFirstPropertyValue("refresh-interval")?.toString()).toBe("PT1H");
    expect(calendar.getFirstPropertyValue("method")).toBeNull();
  });

  it("answers 404 for an unknown collection, and for one deleted", async () => {
    const gone = (await createOk(key, { nftData: validCollection({ Title: "Gone" }), perkData: [validPerk()] })).nftData.PlatformNFTId;
    expect((await get(`/collections/${gone}/calendar.ics`)).status).toBe(200);
    expect((await deleteCollection(key, gone)).status).toBe(200);
    for (const unknown of [gone, "nope"]) expect((await get(`/collections/${unknown}/calendar.ics`)).status, unknown).toBe(404);
  });
});
