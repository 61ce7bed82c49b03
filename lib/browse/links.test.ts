import { describe, expect, it } from "vitest";
import { displayHost, hueOf, initials, safeHref } from "./links";

describe("safeHref", () => {
  it("keeps absolute http and https links", () => {
    expect(safeHref("https://example.com/a?b=c")).toBe("https://example.com/a?b=c");
    expect(safeHref(" http://example.com ")).toBe("http://example.com/");
  });
  it.each(["javascript:alert(1)", "JAVASCRIPT:alert(1)", "data:text/html,<script>", "/relative", "//evil.example", "ftp://x.example", "", "not a url"])(
    "refuses %j",
    (value) => {
      expect(safeHref(value)).toBeNull();
    },
  );
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
