import { describe, expect, it } from "vitest";
import { invitationTokenIn } from "./invitation-path";

describe("invitationTokenIn", () => {
  it("reads the token of the invitation page's path", () => {
    expect(invitationTokenIn("/portal/invitation?token=abc-123")).toBe("abc-123");
  });
  it("finds none on another page or without a token", () => {
    expect(invitationTokenIn("/portal/collections?token=abc")).toBeNull();
    expect(invitationTokenIn("/portal/invitation")).toBeNull();
    expect(invitationTokenIn("/portal/invitation?token=")).toBeNull();
  });
});
