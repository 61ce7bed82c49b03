import { describe, expect, it } from "vitest";
import { previewOf } from "./text-preview";

describe("previewOf", () => {
  it("keeps a text within the limit whole", () => {
    expect(previewOf("Crew jacket", 11)).toEqual({ text: "Crew jacket", cut: false });
  });

  it("cuts at the last word that fits, without the space", () => {
    expect(previewOf("one two three four", 10)).toEqual({ text: "one two", cut: true });
    // The limit falls just before a space: the word before it fits whole.
    expect(previewOf("one two three four", 13)).toEqual({ text: "one two three", cut: true });
    expect(previewOf("one two\nthree", 9)).toEqual({ text: "one two", cut: true });
  });

  it("cuts a long word where the limit falls, and never through an emoji", () => {
    expect(previewOf("a".repeat(20), 10)).toEqual({ text: "a".repeat(10), cut: true });
    expect(previewOf(`ab ${"c".repeat(20)}`, 10)).toEqual({ text: `ab ${"c".repeat(7)}`, cut: true });
    expect(previewOf(`${"a".repeat(9)}😀b`, 10)).toEqual({ text: "a".repeat(9), cut: true });
  });

  it("bounds a 10,000-character text to the limit", () => {
    const preview = previewOf("word ".repeat(2_000), 600);
    expect(preview.cut).toBe(true);
    expect(preview.text.length).toBeLessThanOrEqual(600);
    expect(preview.text.endsWith("word")).toBe(true);
  });
});
