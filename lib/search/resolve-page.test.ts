import { describe, expect, it } from "vitest";
import { resolvePage } from "./resolve-page";

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
