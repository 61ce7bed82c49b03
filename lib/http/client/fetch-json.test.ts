import { afterEach, describe, expect, it, vi } from "vitest";
import { RequestError, fetchJson } from "./fetch-json";

const answering = (body: unknown, status: number) => vi.stubGlobal("fetch", async () => Response.json(body, { status }));

describe("a refusal as the portal reads it", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("carries the answer's code and field beside its message", async () => {
    answering({ error: "url: must be an absolute http:// or https:// URL", code: "invalid_field", field: "url" }, 400);
    const refusal = await fetchJson("/api/portal/webhooks", { method: "POST", json: {} }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RequestError);
    const { status, code, field, message, reason } = refusal as RequestError;
    expect({ status, code, field, message, reason }).toEqual({
      status: 400,
      code: "invalid_field",
      field: "url",
      message: "url: must be an absolute http:// or https:// URL",
      reason: "must be an absolute http:// or https:// URL",
    });
  });

  it("finds the field from `field`, not from the wording", () => {
    // A message led by a field's name, but the answer names another field: the answer wins.
    const refusal = new RequestError(400, "email: this address is taken", "invalid_field", "invitation");
    expect(refusal.isAbout("email")).toBe(false);
    expect(refusal.isAbout("invitation")).toBe(true);
    expect(refusal.reason).toBe("email: this address is taken");
    // An item of a list field belongs beside the list.
    expect(new RequestError(400, "events[1]: unknown", "invalid_field", "events[1]").isAbout("events")).toBe(true);
    expect(new RequestError(400, "eventsX: unknown", "invalid_field", "eventsX").isAbout("events")).toBe(false);
  });

  it("has no code or field when the answer carries none", async () => {
    answering({ error: "Not Found" }, 404);
    const refusal = (await fetchJson("/nowhere").catch((error: unknown) => error)) as RequestError;
    expect([refusal.code, refusal.field, refusal.isAbout("Code")]).toEqual([null, null, false]);
    expect(refusal.reason).toBe("Not Found");
  });
});
