import { describe, expect, it } from "vitest";
import {
  DEFAULT_INPUT,
  MAX_PAGE,
  browseHref,
  lastPageNote,
  pageNumberNote,
  rawPageOf,
  browseSearchParams,
  describeCorrections,
  filterParams,
  normalizeCategory,
  normalizePage,
  normalizeQuery,
  readBrowseInput,
  tidyBrowseHref,
} from "./url-state";

describe("normalizePage", () => {
  it.each([
    ["1", 1],
    ["7", 7],
    ["+3", 3],
    ["007", 7],
    [" 12 ", 12],
    ["0", 1],
    ["-1", 1],
    ["abc", 1],
    ["2.5", 1],
    ["", 1],
    ["1e3", 1],
    ["1000000000000", MAX_PAGE],
    ["9".repeat(400), MAX_PAGE],
    ["999999999", 999_999_999],
    ["1000000000", MAX_PAGE],
  ])("%j → %d", (raw, page) => {
    expect(normalizePage(raw)).toBe(page);
  });
});

describe("normalizeCategory", () => {
  it("keeps exact names and fixes their case", () => {
    expect(normalizeCategory("Music/Audio")).toBe("Music/Audio");
    expect(normalizeCategory("merch")).toBe("Merch");
    expect(normalizeCategory(" ESPORTS ")).toBe("eSports");
  });
  it("drops unknown names", () => {
    expect(normalizeCategory("Cooking")).toBeNull();
    expect(normalizeCategory("<script>")).toBeNull();
  });
});

describe("readBrowseInput", () => {
  it("reads the defaults from an empty URL", () => {
    expect(readBrowseInput({})).toEqual(DEFAULT_INPUT);
  });
  it("takes the first of repeated parameters and cuts long queries", () => {
    const input = readBrowseInput({ query: ["x".repeat(10_000), "y"], category: ["Food", "Drink"], page: "3" });
    expect(input).toEqual({ ...DEFAULT_INPUT, query: "x".repeat(500), category: "Food", page: 3 });
    expect(normalizeQuery("abc")).toBe("abc");
  });
});

describe("describeCorrections", () => {
  it("says nothing about a clean URL", () => {
    expect(describeCorrections({ query: "otters", category: "Merch", page: "2" })).toEqual([]);
  });
  it("explains every value it could not use", () => {
    const notes = describeCorrections({ query: "q".repeat(501), category: "Cooking", page: "abc" });
    expect(notes).toEqual([
      "Your search was shortened to its first 500 characters.",
      "There is no category called “Cooking”, so all categories are shown.",
      "“abc” is not a page number, so the first page is shown.",
    ]);
    expect(describeCorrections({ page: "0" })).toEqual(["Pages are numbered from 1, so the first page is shown."]);
    expect(describeCorrections({ page: "-1" })).toHaveLength(1);
    expect(describeCorrections({ category: "merch" })).toEqual([]);
  });
});

describe("the public pages' page-number rule", () => {
  it("reads pageNum or page, and says why a typed number could not be used", () => {
    expect(rawPageOf({ pageNum: "3", page: "2" })).toBe("3");
    expect(rawPageOf({ page: ["2", "5"] })).toBe("2");
    expect(rawPageOf({})).toBeUndefined();
    expect(pageNumberNote("2")).toBeNull();
    expect(pageNumberNote(" +007 ")).toBeNull();
    expect(pageNumberNote("2.5")).toBe("“2.5” is not a page number, so the first page is shown.");
    expect(pageNumberNote("x".repeat(30))).toBe(`“${"x".repeat(20)}…” is not a page number, so the first page is shown.`);
    expect(pageNumberNote("00")).toBe("Pages are numbered from 1, so the first page is shown.");
    expect(lastPageNote(1, "of perks")).toBe("There is only 1 page of perks, so the last one is shown.");
    expect(lastPageNote(1200)).toBe("There are only 1,200 pages, so the last one is shown.");
  });
});

describe("browseHref", () => {
  it("leaves defaults out and encodes the rest", () => {
    expect(browseHref({ query: "", category: null, page: 1 })).toBe("/");
    expect(browseHref({ query: "bored otters", category: "Music/Audio", page: 2 })).toBe(
      "/?query=bored+otters&category=Music/Audio&page=2",
    );
  });
});

describe("filters in the URL", () => {
  it("reads chain, release status, sort and page size, fixing case and dropping what cannot be used", () => {
    expect(readBrowseInput({ chain: " Base ", releaseStatus: "available", sort: "TITLE", pageSize: "50" })).toMatchObject({
      chain: "Base",
      releaseStatus: "Available",
      sort: "title",
      pageSize: 50,
    });
    expect(readBrowseInput({ chain: "", releaseStatus: "soon", sort: "popular", pageSize: "37" })).toMatchObject({
      chain: null,
      releaseStatus: null,
      sort: null,
      pageSize: 20,
    });
  });

  it("writes only what differs from the defaults, and the search parameters with facets", () => {
    expect(browseHref({ chain: "Base", pageSize: 20, sort: "newest" })).toBe("/?chain=Base&sort=newest");
    expect(browseSearchParams(readBrowseInput({ query: "otters", chain: "Base", pageSize: "100", page: "2" }))).toEqual({
      query: "otters",
      chain: "Base",
      pageSize: "100",
      pageNum: "2",
      facets: "category,chain",
    });
  });

  it("keeps the filters, sort and page size for a new search, not the query or the page", () => {
    const input = readBrowseInput({ query: "otters", chain: "Base", sort: "newest", pageSize: "100", page: "2" });
    expect(filterParams(input)).toEqual({ chain: "Base", sort: "newest", pageSize: "100" });
  });

  it("keeps verified=1 in the URL and the search; off is the default and left out", () => {
    expect(readBrowseInput({ verified: "1" }).verified).toBe(true);
    expect(readBrowseInput({ verified: "TRUE" }).verified).toBe(true);
    expect(readBrowseInput({ verified: "0" }).verified).toBe(false);
    expect(readBrowseInput({}).verified).toBe(false);
    expect(browseHref({ query: "otters", verified: true })).toBe("/?query=otters&verified=1");
    expect(browseHref({ query: "otters", verified: false })).toBe("/?query=otters");
    expect(browseSearchParams(readBrowseInput({ verified: "1" }))).toEqual({ verified: "1", facets: "category,chain" });
  });

  it("says when a chain or release status of the URL was not used", () => {
    expect(describeCorrections({ chain: "Dogecoin", releaseStatus: "soon" }, ["Base"])).toEqual([
      "No collection is on a chain called “Dogecoin”, so all chains are shown.",
      "“soon” is not a release status, so every release status is shown.",
    ]);
    expect(describeCorrections({ chain: "Base" }, ["Base"])).toEqual([]);
  });
});

describe("tidyBrowseHref", () => {
  it("writes the API's pageNum as page and drops empty values, keeping the rest as given", () => {
    expect(tidyBrowseHref({ pageNum: "3", query: "otters" })).toBe("/?query=otters&page=3");
    expect(tidyBrowseHref({ query: "otters", chain: "", releaseStatus: "", sort: "", pageSize: "20" })).toBe("/?query=otters&pageSize=20");
    expect(tidyBrowseHref({ category: "Nope", pageNum: "abc" })).toBe("/?category=Nope&page=abc");
    expect(tidyBrowseHref({ page: "2", pageNum: "9" })).toBe("/?page=2");
  });

  it("leaves a tidy URL alone", () => {
    expect(tidyBrowseHref({ query: "otters", page: "2" })).toBeNull();
    expect(tidyBrowseHref({})).toBeNull();
  });
});
