import { describe, expect, it } from "vitest";
import { urlField } from "@/lib/schemas/fields";
import { completeUrl } from "./complete-url";

describe("completeUrl", () => {
  it.each([
    ["moonlit-otters.io", "https://moonlit-otters.io"],
    ["www.example.com", "https://www.example.com"],
    ["  example.com/perks?x=1#top ", "https://example.com/perks?x=1#top"],
    ["example.com:8080/path", "https://example.com:8080/path"],
    ["//cdn.example.com/a.png", "https://cdn.example.com/a.png"],
  ])("adds https:// to the bare host %j", (typed, expected) => {
    expect(completeUrl(typed)).toEqual({ value: expected, added: true });
    expect(urlField.safeParse(expected).success).toBe(true);
  });

  it.each([
    "https://example.com",
    "http://example.com",
    "javascript:alert(1)",
    "data:text/html,a.b",
    "",
    "not a url",
    "localhost",
    "otters",
    "mailto:a@b.io",
    "a@b.io",
  ])("leaves %j as typed", (typed) => {
    expect(completeUrl(typed)).toEqual({ value: typed.trim(), added: false });
  });
});
