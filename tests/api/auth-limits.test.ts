import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SOCKET_ADDRESS_HEADER } from "@/lib/rate-limit/client-ip";
import { signIn, signUp } from "../support/portal";
import { callRoute } from "../support/routes";

// Small budgets for this file only; env() reads them on first use, after this runs.
process.env.AUTH_RATE_LIMIT_PER_MINUTE = "3";
process.env.AUTH_FAILED_SIGN_INS_PER_EMAIL_PER_HOUR = "3";

// Fresh addresses and emails each run, as Redis keeps budgets between runs within the window.
const address = () => `10.${randomBytes(3).join(".")}`;
const nobody = () => `nobody-${randomBytes(4).toString("hex")}@example.com`;

describe("sign-in limits", () => {
  it("limits one address however it rotates X-Forwarded-For", async () => {
    const socket = address();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await signIn(nobody(), "wrong password here", {
        [SOCKET_ADDRESS_HEADER]: socket,
        "x-forwarded-for": `198.51.100.${i}`,
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await signIn(nobody(), "wrong password here", { [SOCKET_ADDRESS_HEADER]: address() })).status).toBe(401);
  });

  it("limits failed sign-ins per email from any address, without counting successes", async () => {
    const partner = await signUp();
    for (let i = 0; i < 2; i += 1) {
      expect((await signIn(partner.email, partner.password, { [SOCKET_ADDRESS_HEADER]: address() })).status).toBe(200);
    }
    for (let i = 0; i < 3; i += 1) {
      expect((await signIn(partner.email, "not the password", { [SOCKET_ADDRESS_HEADER]: address() })).status).toBe(401);
    }
    const refused = await signIn(partner.email.toUpperCase(), partner.password, { [SOCKET_ADDRESS_HEADER]: address() });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const other = await signUp();
    expect((await signIn(other.email, other.password, { [SOCKET_ADDRESS_HEADER]: address() })).status).toBe(200);
  });
});

const post = (route: string, body: string, contentType: string | null, address: string) =>
  callRoute(
    new Request(`http://localhost/api/auth/${route}`, {
      method: "POST",
      headers: { origin: "http://localhost", [SOCKET_ADDRESS_HEADER]: address, ...(contentType ? { "content-type": contentType } : {}) },
      body,
    }),
  );

describe("bodies better-auth reads that the portal never sends", () => {
  it("refuses form-encoded and other non-JSON sign-ins (415), so none slips past the per-email limit", async () => {
    const partner = await signUp();
    const form = new URLSearchParams({ email: partner.email, password: "not the password" }).toString();
    for (const type of ["application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "text/plain"]) {
      const refused = await post("sign-in/email", form, type, address());
      expect(refused.status).toBe(415);
      expect(await refused.json()).toMatchObject({ error: "Content-Type: send the body as application/json" });
    }
    // None of those counted as a failure or reached better-auth: the right password still works.
    expect((await signIn(partner.email, partner.password, { [SOCKET_ADDRESS_HEADER]: address() })).status).toBe(200);
    const signUpForm = new URLSearchParams({ name: "Form", email: nobody(), password: "correct horse battery" }).toString();
    expect((await post("sign-up/email", signUpForm, "application/x-www-form-urlencoded", address())).status).toBe(415);
    expect(
      (await post("sign-in/email", JSON.stringify({ email: nobody(), password: "x" }), "application/json; charset=utf-8", address()))
        .status,
    ).toBe(401);
  });

  it("bounds the sign-up name as the form does: a 5,000-character name is a 400 and creates nothing", async () => {
    const email = nobody();
    const long = await post(
      "sign-up/email",
      JSON.stringify({ name: "n".repeat(5_000), email, password: "correct horse battery" }),
      "application/json",
      address(),
    );
    expect(long.status).toBe(400);
    expect((await long.json()).error).toMatch(/^name: /);
    const blank = await post(
      "sign-up/email",
      JSON.stringify({ name: "   ", email, password: "correct horse battery" }),
      "application/json",
      address(),
    );
    expect(blank.status).toBe(400);
    const { getAuth } = await import("@/lib/auth/portal-auth");
    const context = await (await getAuth()).$context;
    expect(await context.internalAdapter.findUserByEmail(email)).toBeNull();
    const fits = await post(
      "sign-up/email",
      JSON.stringify({ name: "n".repeat(100), email, password: "correct horse battery" }),
      "application/json",
      address(),
    );
    expect(fits.status).toBe(200);
  });
});
