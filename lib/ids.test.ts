import { describe, expect, it } from "vitest";
import { ascendingIds, newId } from "./ids";

const SHAPE = /^[0-9A-Za-z]{20}$/;

describe("ids", () => {
  it("are 20 alphanumerics, random or ascending", () => {
    expect(newId()).toMatch(SHAPE);
    expect(ascendingIds()()).toMatch(SHAPE);
  });

  it("ascend in byte order within a load, past a counter digit's carry, and from one load to a later one", () => {
    const next = ascendingIds(Date.UTC(2026, 10, 25));
    const ids = Array.from({ length: 4_000 }, next);
    const inByteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    expect([...ids].sort(inByteOrder)).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ascendingIds(Date.UTC(2026, 10, 25) + 1)() > ids.at(-1)!).toBe(true);
  });
});
