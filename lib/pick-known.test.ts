import { describe, expect, it } from "vitest";
import { pickKnown } from "./pick-known";

type Fields = { Title: string; Creator?: string; Tags?: string[] };
const pickFields = pickKnown<Fields>(["Title", "Creator", "Tags"]);

describe("pickKnown", () => {
  it("keeps only the listed keys", () => {
    expect(pickFields({ Title: "Otters", Managers: ["Users/attacker"], Version: 3 })).toEqual({ Title: "Otters" });
  });

  it("lists keys in the given order, not the source's", () => {
    expect(Object.keys(pickFields({ Tags: ["Merch"], Creator: "Ann", Title: "Otters" }))).toEqual(["Title", "Creator", "Tags"]);
  });

  it("leaves out keys whose value is undefined but keeps other empty values", () => {
    expect(pickFields({ Title: "", Creator: undefined, Tags: [] })).toEqual({ Title: "", Tags: [] });
    expect("Creator" in pickFields({ Title: "x", Creator: undefined })).toBe(false);
  });

  it("returns a new object and shares the values", () => {
    const tags = ["Merch"];
    const source = { Title: "Otters", Tags: tags };
    const picked = pickFields(source);
    expect(picked).not.toBe(source);
    expect(picked.Tags).toBe(tags);
  });
});
