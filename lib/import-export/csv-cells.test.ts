import { describe, expect, it } from "vitest";
import { fromCell, neutraliseCell, restoreCell, toCell } from "@/lib/schemas/csv-cells";

describe("CSV cells", () => {
  it.each(["=SUM(A1)", "+1", "-5% off", "@everyone", "\tTabbed", "\rReturn", "'=already quoted", "''+twice"])(
    "%j is written with a leading apostrophe and read back as it was",
    (value) => {
      const cell = neutraliseCell(value);
      expect(cell).toBe(`'${value}`);
      expect(restoreCell(cell)).toBe(value);
    },
  );

  it.each(["Plain", "'quoted text", "0.25", "a=b", "", "it's -fine"])("%j is written and read as it is", (value) => {
    expect(neutraliseCell(value)).toBe(value);
    expect(restoreCell(value)).toBe(value);
  });

  it("reads typed cells and names what is wrong with a bad one", () => {
    expect(fromCell("integer", "42")).toEqual({ value: 42 });
    expect(fromCell("integer", "-1")).toEqual({ problem: "expected a whole number" });
    expect(fromCell("integer", "1.5")).toEqual({ problem: "expected a whole number" });
    expect(fromCell("boolean", "TRUE")).toEqual({ value: true });
    expect(fromCell("boolean", "yes")).toEqual({ problem: "expected true or false" });
    expect(fromCell("tags", "Merch; Apparel;")).toEqual({ value: ["Merch", "Apparel"] });
    expect(fromCell("json", '["a"]')).toEqual({ value: ["a"] });
    expect(fromCell("json", "[a")).toMatchObject({ problem: expect.stringMatching(/^expected JSON/) });
    expect(fromCell("text", "")).toEqual({ value: undefined });
    expect(fromCell("text", "'=x")).toEqual({ value: "=x" });
  });

  it("writes typed values as cells", () => {
    expect(toCell("tags", ["Merch", "Events"])).toBe("Merch;Events");
    expect(toCell("json", { address: "Oslo" })).toBe('{"address":"Oslo"}');
    expect(toCell("boolean", false)).toBe("false");
    expect(toCell("text", undefined)).toBe("");
    expect(toCell("text", "=cmd")).toBe("'=cmd");
  });
});
