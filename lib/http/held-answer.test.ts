import { describe, expect, it } from "vitest";
import { takesEncoding } from "./held-answer.mjs";

describe("takesEncoding", () => {
  it("takes a coding the client names, at any weight above 0", () => {
    expect(takesEncoding("gzip, deflate, br", "gzip")).toBe(true);
    expect(takesEncoding("br;q=0.5", "br")).toBe(true);
    expect(takesEncoding("GZIP ; Q=0.1", "gzip")).toBe(true);
  });

  it("refuses a coding weighted 0, or not named and not covered by *", () => {
    expect(takesEncoding("gzip;q=0, deflate", "gzip")).toBe(false);
    expect(takesEncoding("gzip;q=0.000", "gzip")).toBe(false);
    expect(takesEncoding("deflate, identity", "gzip")).toBe(false);
    expect(takesEncoding(undefined, "gzip")).toBe(false);
    expect(takesEncoding("", "br")).toBe(false);
  });

  it("reads * for the codings not named, whatever the order", () => {
    expect(takesEncoding("*", "br")).toBe(true);
    expect(takesEncoding("*;q=0", "gzip")).toBe(false);
    expect(takesEncoding("*;q=0, gzip", "gzip")).toBe(true);
    expect(takesEncoding("gzip;q=0, *", "gzip")).toBe(false);
    expect(takesEncoding("gzip;q=0, *", "br")).toBe(true);
  });

  it("reads x-gzip as gzip, and no other name that only contains the one asked for", () => {
    expect(takesEncoding("x-gzip", "gzip")).toBe(true);
    expect(takesEncoding("x-gzip;q=0", "gzip")).toBe(false);
    expect(takesEncoding("brotli", "br")).toBe(false);
    expect(takesEncoding("gzipped", "gzip")).toBe(false);
  });
});
