import { describe, expect, it } from "vitest";
import { keyName, placeText, valueWords, viaWords } from "./value-words";

const UTC = { locale: "en-US", timeZone: "UTC" };
// 2026-03-05T18:30:00Z
const SECONDS = 1_772_735_400;

describe("valueWords", () => {
  it("writes a perk date as the editor's perk rows do, and an empty one as No date", () => {
    expect(valueWords("Date", { dt: { seconds: SECONDS, nanoseconds: 0 }, timeSet: true }, UTC)).toBe("Mar 5, 2026, 6:30 PM UTC");
    expect(valueWords("Date", { dt: { seconds: 1_772_668_800, nanoseconds: 0 }, timeSet: false }, UTC)).toBe("Mar 5, 2026");
    expect(valueWords("Date", "", UTC)).toBe("No date");
  });
  it("writes a place as its address and coordinates, and an empty place as not set", () => {
    expect(valueWords("Location", { address: "Paris", latitude: 48.85661, longitude: 2.35222 })).toBe("Paris (48.8566° N, 2.3522° E)");
    expect(valueWords("Location", { GeoPoint: { _lat: -33.8688, _long: -151.2093 } })).toBe("33.8688° S, 151.2093° W");
    expect(valueWords("Location", { address: "  Main hall " })).toBe("Main hall");
    expect(valueWords("Location", {})).toBeNull();
    expect(placeText("Paris")).toBeNull();
  });
  it("lists categories and other lists in words", () => {
    expect(valueWords("Tags", ["Merch", "Music/Audio"])).toBe("Merch, Music/Audio");
    expect(valueWords("PropertiesNames", [])).toBeNull();
  });
  it("says yes or no, Not set for the floor price's notset, and None needed for zero tokens", () => {
    expect(valueWords("OneTime", true)).toBe("Yes");
    expect(valueWords("OneTime", false)).toBe("No");
    expect(valueWords("floorPrice", "notset")).toBe("Not set");
    expect(valueWords("floorPrice", "0.25")).toBe("0.25");
    expect(valueWords("TokensRequired", 0)).toBe("None needed");
    expect(valueWords("TokensRequired", 1500)).toBe("1,500");
    expect(valueWords("TokenQuantity", 10000)).toBe("10,000");
  });
  it("returns null (not set) for absent and empty values, and text as it is", () => {
    expect(valueWords("Website", undefined)).toBeNull();
    expect(valueWords("Website", "")).toBeNull();
    expect(valueWords("Title", "Otter Club")).toBe("Otter Club");
    expect(valueWords("Unknown", { a: 1 })).toBe('{"a":1}');
  });
});

describe("viaWords", () => {
  const keys = [{ id: "6ShSszniNsISuj7oN7bg", label: "CI deploys", prefix: "uds_3fA9" }];
  it("names a key by its label and prefix, never its id", () => {
    expect(viaWords("Keys/6ShSszniNsISuj7oN7bg", keys)).toBe("with API key CI deploys (uds_3fA9…)");
    expect(keyName(keys[0]!)).toBe("CI deploys (uds_3fA9…)");
  });
  it("says only an API key when the list does not hold it, and in the portal for the session", () => {
    expect(viaWords("Keys/other", keys)).toBe("with an API key");
    expect(viaWords("Keys/6ShSszniNsISuj7oN7bg", undefined)).toBe("with an API key");
    expect(viaWords("portal session", keys)).toBe("in the portal");
  });
});
