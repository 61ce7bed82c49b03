import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { SOCKET_ADDRESS_HEADER } from "@/lib/rate-limit/client-ip";
import { closeRateLimiters, consume } from "@/lib/rate-limit/limiter";
import { type Caller, create, newCaller, retrieve, search, validCollection } from "../support/api";

// Small budgets for this file only; env() reads them on first use, after this runs.
process.env.RATE_LIMIT_SEARCH_PER_MINUTE = "5";
process.env.RATE_LIMIT_CREATE_PER_MINUTE = "3";

let caller: Caller;
beforeAll(async () => {
  caller = await newCaller();
});

describe("rate limits", () => {
  it("counts search and retrieval together per account and answers 429 with Retry-After past the budget", async () => {
    const statuses: number[] = [];
    const remaining: (string | null)[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = i % 2 === 0 ? await search(caller.key) : await retrieve(caller.key, "any");
      statuses.push(response.status);
      remaining.push(response.headers.get("RateLimit-Remaining"));
      expect(response.headers.get("RateLimit-Limit")).toBe("5");
      expect(Number(response.headers.get("RateLimit-Reset"))).toBeGreaterThan(0);
      expect(Number(response.headers.get("RateLimit-Reset"))).toBeLessThanOrEqual(60);
      if (response.status === 429) {
        expect(await response.json()).toMatchObject({ error: "Too Many Requests" });
        expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([200, 404, 200, 404, 200, 429]);
    expect(remaining).toEqual(["4", "3", "2", "1", "0", "0"]);
  });

  it("gives create its own, smaller budget", async () => {
    const other = await newCaller();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await create(other.key, { nftData: validCollection() })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await search(other.key)).status).toBe(200);
  });

  it("keeps one account's budget apart from another's", async () => {
    const first = await newCaller();
    const second = await newCaller();
    for (let i = 0; i < 5; i += 1) await search(first.key);
    expect((await search(first.key)).status).toBe(429);
    expect((await search(second.key)).status).toBe(200);
  });

  it("limits requests without a valid key by client address, before answering 401", async () => {
    // Fresh addresses each run, as Redis keeps budgets between runs within the window.
    const prefix = `2001:db8:${randomBytes(2).toString("hex")}:${randomBytes(2).toString("hex")}`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await search(null, {}, { [SOCKET_ADDRESS_HEADER]: `${prefix}::${i + 1}` })).status);
    // Six addresses of one /64: one budget.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await search(null, {}, { [SOCKET_ADDRESS_HEADER]: `${prefix.replace("2001:db8", "2001:db9")}::1` })).status).toBe(401);
  });

  it("ignores a rotating X-Forwarded-For: the connection's address keeps its budget", async () => {
    const address = `10.${randomBytes(3).join(".")}`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await search(null, {}, { [SOCKET_ADDRESS_HEADER]: address, "x-forwarded-for": `198.51.100.${i}` })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe.runIf(process.env.REDIS_URL)("rate limits in Redis", () => {
  it("shares one budget between instances", async () => {
    const key = `shared-${Date.now()}-${Math.random()}`;
    const first = await consume("read", key);
    // A new limiter and Redis connection stand for a second app instance.
    await closeRateLimiters();
    const second = await consume("read", key);
    expect(first.remaining).toBe(4);
    expect(second.remaining).toBe(3);
  });
});
