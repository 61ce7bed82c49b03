import { describe, expect, it } from "vitest";
import { displayHost, hueOf, initials, linkText, safeHref, shortIdentifier } from "./links";

describe("safeHref", () => {
  it("keeps absolute http and https links", () => {
    expect(safeHref("https://example.com/a?b=c")).toBe("https://example.com/a?b=c");
    expect(safeHref(" http://example.com ")).toBe("http://example.com/");
  });
  it.each([
    "javascript:alert(1)",
    "JAVASCRIPT:alert(1)",
    "data:text/html,<script>",
    "/relative",
    "//evil.example",
    "ftp://x.example",
    "",
    "not a url",
  ])("refuses %j", (value) => {
    expect(safeHref(value)).toBeNull();
  });
  it("refuses nothing at all", () => {
    expect(safeHref(undefined)).toBeNull();
    expect(safeHref(null)).toBeNull();
  });
});

describe("stand-in picture", () => {
  it("takes up to two initials, letters and digits only", () => {
    expect(initials("bored otters club")).toBe("BO");
    expect(initials("<b>x</b>")).toBe("BX");
    expect(initials("—")).toBe("");
  });
  it("gives a title the same hue every time", () => {
    expect(hueOf("Otters")).toBe(hueOf("Otters"));
    expect(hueOf("Otters")).toBeGreaterThanOrEqual(0);
    expect(hueOf("Otters")).toBeLessThan(360);
  });
  it("shows a link's host", () => {
    expect(displayHost("https://www.opensea.io/x")).toBe("opensea.io");
  });
});

describe("linkText", () => {
  it("shows the host and a short path, cut at a separator", () => {
    expect(linkText("https://www.example.com/")).toBe("example.com");
    expect(linkText("https://harbor.example.com/regatta")).toBe("harbor.example.com/regatta");
    expect(linkText("https://discord.gg/otters/")).toBe("discord.gg/otters");
    expect(linkText(`https://example.com/${"very-long-path-segment-".repeat(8)}end`)).toBe("example.com/very-long-path-segment…");
    expect(linkText("https://example.com/abcdefghijklmnopqrstuvwxyz0123456789")).toBe("example.com/abcdefghijklmnopqrstuvw…");
  });
  it("says when a query or fragment is left out", () => {
    expect(linkText("https://example.com/?ref=x")).toBe("example.com/…");
    expect(linkText("https://example.com/drop?ref=x")).toBe("example.com/drop…");
  });
  it("shows anything that is no URL as it is", () => {
    expect(linkText("not a url")).toBe("not a url");
  });
});

describe("shortIdentifier", () => {
  it("keeps the first six and last four characters of a long value", () => {
    expect(shortIdentifier(`0x1234${"ab".repeat(16)}abcd`)).toBe("0x1234…abcd");
    expect(shortIdentifier("0xabc123")).toBe("0xabc123");
  });
});
