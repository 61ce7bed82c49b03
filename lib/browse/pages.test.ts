import { describe, expect, it } from "vitest";
import { pageWindow } from "./pages";

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
