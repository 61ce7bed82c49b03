import { describe, expect, it } from "vitest";
import { toTsQuery } from "./text-query";

describe("toTsQuery", () => {
  it("makes every word of two or more characters a prefix and joins them with AND", () => {
    expect(toTsQuery("Bored  Ape")).toBe("bored:* & ape:*");
  });

  it("keeps one-letter words exact, since a one-letter prefix matches nearly everything", () => {
    expect(toTsQuery("a cat")).toBe("a & cat:*");
  });

  it("drops tsquery operators and punctuation so input cannot change the query's structure", () => {
    expect(toTsQuery("foo & !bar | (baz):* <->")).toBe("foo:* & bar:* & baz:*");
  });

  it("splits on punctuation the same way the index does", () => {
    expect(toTsQuery("Music/Audio e-sports")).toBe("music:* & audio:* & e & sports:*");
  });

  it("keeps letters of any script and removes duplicates", () => {
    expect(toTsQuery("Café café 東京")).toBe("café:* & 東京:*");
  });

  it("returns null when nothing searchable is left", () => {
    expect(toTsQuery("  !!! -- ")).toBeNull();
  });

  it("caps the number of terms", () => {
    const query = toTsQuery(Array.from({ length: 40 }, (_, i) => `w${i}`).join(" "));
    expect(query?.split(" & ")).toHaveLength(16);
  });
});
