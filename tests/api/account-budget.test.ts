import { describe, expect, it } from "vitest";
import { createApiKey, MAX_LIVE_KEYS, TOO_MANY_KEYS } from "@/lib/auth/api-keys";
import { portal, signUp } from "../support/portal";
import { newCaller, search } from "../support/api";

// Small budgets for this file only; env() reads them on first use, after this runs.
process.env.RATE_LIMIT_SEARCH_PER_MINUTE = "4";
process.env.RATE_LIMIT_CREATE_PER_MINUTE = "100";

describe("budgets follow the account", () => {
  it("shares one budget between all of an account's keys", async () => {
    const caller = await newCaller();
    const { key: second } = await createApiKey(caller.userId, "second");
    const statuses: number[] = [];
    for (const key of [caller.key, second, caller.key, second, second]) statuses.push((await search(key)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    const other = await newCaller();
    expect((await search(other.key)).status).toBe(200);
  });

  it("shares the budget between the account's keys and its portal session", async () => {
    const partner = await signUp();
    const { key } = await createApiKey(partner.userId, "api");
    for (let i = 0; i < 3; i += 1) expect((await search(key)).status).toBe(200);
    expect((await portal.keys({ cookie: partner.cookie })).status).toBe(200);
    expect((await search(key)).status).toBe(429);
    expect((await portal.keys({ cookie: partner.cookie })).status).toBe(429);
  });
});

describe("live keys per account", () => {
  it(`refuses the ${MAX_LIVE_KEYS + 1}th live key in the portal, and allows one again after a revocation`, async () => {
    const partner = await signUp();
    const options = { cookie: partner.cookie };
    const minted: string[] = [];
    for (let i = 0; i < MAX_LIVE_KEYS; i += 1) {
      const response = await portal.mintKey(options, { label: `key ${i}` });
      expect(response.status).toBe(200);
      minted.push((await response.json()).summary.id);
    }
    const refused = await portal.mintKey(options, { label: "one too many" });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: TOO_MANY_KEYS });
    expect((await portal.revokeKey(options, minted[0]!)).status).toBe(200);
    expect((await portal.mintKey(options, { label: "replacement" })).status).toBe(200);
  });

  it("cannot be raced past the cap by concurrent mints", async () => {
    const caller = await newCaller();
    const results = await Promise.allSettled(Array.from({ length: 15 }, (_, i) => createApiKey(caller.userId, `race ${i}`)));
    const created = results.filter((result) => result.status === "fulfilled").length;
    expect(created).toBe(MAX_LIVE_KEYS - 1);
    for (const result of results) {
      if (result.status === "rejected") expect((result.reason as Error).message).toBe(TOO_MANY_KEYS);
    }
  });

  it("lets scripts replace their own key instead of piling them up", async () => {
    const caller = await newCaller();
    for (let i = 0; i < MAX_LIVE_KEYS + 3; i += 1) await createApiKey(caller.userId, "dev start-up", { replaceSameLabel: true });
    await expect(createApiKey(caller.userId, "another")).resolves.toBeTruthy();
  });
});
