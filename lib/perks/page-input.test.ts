import { describe, expect, it } from "vitest";
import { readPerksPageInput, tidyPerksHref } from "./page-input";
import { perksHref } from "./page-url";

describe("readPerksPageInput", () => {
  it("keeps valid filters as they are, without notes", () => {
    const input = readPerksPageInput({
      query: "meetup",
      category: "Events",
      near: "48.8566,2.3522",
      radiusKm: "10",
      from: "2036-06-01",
      to: "2036-06-30",
      status: "Upcoming",
      oneTime: "true",
      sort: "date",
      pageNum: "2",
    });
    expect(input.notes).toEqual([]);
    expect(input.params).toEqual({
      query: "meetup",
      category: "Events",
      near: "48.8566,2.3522",
      radiusKm: "10",
      from: "2036-06-01",
      to: "2036-06-30",
      status: "Upcoming",
      oneTime: "true",
      sort: "date",
      pageNum: "2",
    });
    expect(input.query).toMatchObject({ near: { lat: 48.8566, long: 2.3522 }, radiusKm: 10, oneTime: true, pageNum: 2 });
  });

  it.each([
    [{ category: "Nope" }, {}, "There is no category called “Nope”, so all categories are shown."],
    [{ category: "merch" }, { category: "Merch" }, null],
    [{ status: "soon" }, {}, "“soon” is not a perk status (Upcoming or Past), so perks of any status are shown."],
    [{ status: "past" }, { status: "Past" }, null],
    [{ oneTime: "yes" }, {}, "“yes” is not “true” or “false” for one-time perks, so both kinds are shown."],
    [{ near: "paris" }, {}, "“paris” is not a place as “latitude,longitude” (such as 48.8566,2.3522), so perks anywhere are shown."],
    [{ near: "1,2", radiusKm: "99999" }, { near: "1,2", radiusKm: "20000" }, "Distances go from 1 to 20,000 km, so 20,000 km is used."],
    [{ near: "1,2", radiusKm: "far" }, { near: "1,2" }, "“far” is not a distance in kilometres, so 50 km is used."],
    [{ radiusKm: "5" }, {}, "A distance needs a place to measure from, so it was left out."],
    [{ from: "2036-13-01" }, {}, "“2036-13-01” is not a date written as YYYY-MM-DD, so the “From” date was left out."],
    [
      { from: "2036-06-02", to: "2036-06-01" },
      { from: "2036-06-01", to: "2036-06-02" },
      "The end date was before the start date, so the two were swapped.",
    ],
    [{ sort: "distance" }, {}, "“Nearest first” needs a place, so the default order is used."],
    [{ sort: "relevance" }, {}, "“Best match” needs words, so the default order is used."],
    [{ sort: "price" }, {}, "“price” is not an order, so the default order is used."],
    [{ pageNum: "abc" }, {}, "“abc” is not a page number, so the first page is shown."],
    [{ pageNum: "0" }, {}, "Pages are numbered from 1, so the first page is shown."],
    [{ page: "3" }, { pageNum: "3" }, null],
    [{ query: "x".repeat(600) }, { query: "x".repeat(500) }, "Your words were shortened to their first 500 characters."],
  ])("turns %j into the nearest valid filters, saying so", (raw, params, note) => {
    const input = readPerksPageInput(raw);
    expect(input.params).toEqual(params);
    expect(input.notes).toEqual(note === null ? [] : [note]);
  });

  it("says every correction of one URL", () => {
    const input = readPerksPageInput({ category: "Nope", from: "2036-06-02", to: "2036-06-01", sort: "distance" });
    expect(input.notes).toHaveLength(3);
    expect(input.query).toMatchObject({ from: Date.UTC(2036, 5, 1), to: Date.UTC(2036, 5, 2) });
  });
});

describe("tidyPerksHref", () => {
  it("drops empty fields and writes page as pageNum", () => {
    expect(tidyPerksHref({ query: "hoodie", category: "", status: "", near: "", pageNum: "" }, perksHref)).toBe("/perks?query=hoodie");
    expect(tidyPerksHref({ query: "", category: "" }, perksHref)).toBe("/perks");
    expect(tidyPerksHref({ page: "4", status: "Past" }, perksHref)).toBe("/perks?status=Past&pageNum=4");
  });

  it("leaves a tidy URL alone, bad values included (the page explains them)", () => {
    expect(tidyPerksHref({ query: "hoodie", category: "Nope" }, perksHref)).toBeNull();
    expect(tidyPerksHref({}, perksHref)).toBeNull();
  });
});
