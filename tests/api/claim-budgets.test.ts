import { describe, expect, it } from "vitest";
import { privateKeyToAccount, generatePrivateKey } from "viem/accounts";
import { authHeaders, newCaller, newClientIp } from "../support/api";
import { callRoute } from "../support/routes";

// A small write budget, so that the claim and redeem budgets are seen running out.
process.env.RATE_LIMIT_CREATE_PER_MINUTE = "3";
const ORIGIN = "http://localhost";

/** A site request from a client address of its own (or `ip`), so only the holder's or the wallet's budget can run out. */
const site = (path: string, body: unknown, cookie?: string, ip = newClientIp()) =>
  callRoute(
    new Request(`${ORIGIN}${path}`, {
      method: "POST",
      headers: { ...authHeaders(null, ip), origin: ORIGIN, "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    }),
  );

async function signIn(account: ReturnType<typeof privateKeyToAccount>, cookie?: string): Promise<string> {
  const nonce = (await (await site("/api/holders/nonce", { Address: account.address, ChainId: 1 })).json()) as { Message: string };
  const response = await site(
    "/api/holders/session",
    { Message: nonce.Message, Signature: await account.signMessage({ message: nonce.Message }) },
    cookie,
  );
  expect(response.status).toBe(200);
  return response.headers.get("set-cookie")?.split(";")[0] ?? cookie!;
}

const redeem = (key: string, ip: string) =>
  callRoute(
    new Request(`${ORIGIN}/api-gateway/claims/redeem`, {
      method: "POST",
      headers: { ...authHeaders(key, ip), "content-type": "application/json" },
      body: JSON.stringify({ Code: "ABCDE23456" }),
    }),
  );

describe("claim and redeem budgets", () => {
  it("a holder's claims spend the holder's own budget, whatever the wallet and client address", async () => {
    const [first, second] = [privateKeyToAccount(generatePrivateKey()), privateKeyToAccount(generatePrivateKey())];
    const cookie = await signIn(first);
    await signIn(second, cookie);
    const statuses: number[] = [];
    for (const wallet of [first, second, first, second]) {
      statuses.push((await site("/api/holders/claims", { PlatformPerkId: "no-such-perk", Address: wallet.address }, cookie)).status);
    }
    // Each wallet asked twice (under its budget of 3); the holder four times.
    expect(statuses).toEqual([404, 404, 404, 429]);
  });

  it("redeeming spends the team's budget and the client address's", async () => {
    const caller = await newCaller();
    const byTeam: number[] = [];
    for (let i = 0; i < 4; i += 1) byTeam.push((await redeem(caller.key, newClientIp())).status);
    expect(byTeam).toEqual([404, 404, 404, 429]);

    const ip = newClientIp();
    const byAddress: number[] = [];
    for (let i = 0; i < 4; i += 1) byAddress.push((await redeem((await newCaller()).key, ip)).status);
    expect(byAddress).toEqual([404, 404, 404, 429]);
  });
});
