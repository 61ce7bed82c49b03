import { describe, expect, it } from "vitest";
import { pageWindow, resolvePage } from "./pages";

describe("pageWindow", () => {
  it("lists every page when there are few", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
  });
  it("keeps first, last and neighbours, with gaps", () => {
    expect(pageWindow(1, 5000)).toEqual([1, 2, null, 5000]);
    expect(pageWindow(50, 5000)).toEqual([1, null, 49, 50, 51, null, 5000]);
    expect(pageWindow(5000, 5000)).toEqual([1, null, 4999, 5000]);
  });
  it("fills a gap of one page with the page itself", () => {
    expect(pageWindow(4, 10)).toEqual([1, 2, 3, 4, 5, null, 10]);
  });
  it("clamps a current page outside the range", () => {
    expect(pageWindow(99, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 0)).toEqual([]);
  });
});

describe("resolvePage", () => {
  const store = (numPages: number) => async (page: number) => ({
    NumPages: numPages,
    Docs: page <= numPages ? [`doc of page ${page}`] : [],
  });

  it("answers the page asked for when it exists", async () => {
    expect(await resolvePage(2, store(3))).toEqual({ page: 2, result: { NumPages: 3, Docs: ["doc of page 2"] } });
  });
  it("answers the last page for a page past the end", async () => {
    expect(await resolvePage(999_999_999, store(3))).toEqual({ page: 3, result: { NumPages: 3, Docs: ["doc of page 3"] } });
  });
  it("answers nothing when nothing matches", async () => {
    expect(await resolvePage(5, store(0))).toEqual({ page: 5, result: { NumPages: 0, Docs: [] } });
  });
});
