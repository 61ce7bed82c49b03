import { describe, expect, it } from "vitest";
import { PORTAL_HOME, safeReturnPath } from "./return-path";

describe("safeReturnPath", () => {
  it("keeps portal paths with their query", () => {
    expect(safeReturnPath("/portal/keys")).toBe("/portal/keys");
    expect(safeReturnPath("/portal")).toBe("/portal");
    expect(safeReturnPath("/portal/collections?q=club")).toBe("/portal/collections?q=club");
    expect(safeReturnPath(["/portal/keys", "/elsewhere"])).toBe("/portal/keys");
  });

  it.each([
    undefined,
    null,
    "",
    "portal/keys",
    "/",
    "/docs",
    "/portalx",
    "/portal-evil",
    "//evil.example/portal",
    "/\\evil.example/portal",
    "/portal/\\..\\evil",
    "https://evil.example/portal",
    "javascript:alert(1)",
    "/portal/../docs",
    "/portal/%2e%2e/docs",
    "/portal\t/keys",
    "/portal/sign-in?next=/portal/keys",
    "/portal/sign-up",
  ])("refuses %j", (next) => {
    expect(safeReturnPath(next)).toBe(PORTAL_HOME);
  });
});
