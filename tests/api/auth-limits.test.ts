import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SOCKET_ADDRESS_HEADER } from "@/lib/http/server/client-ip";
import { signIn, signUp } from "../support/portal";

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
