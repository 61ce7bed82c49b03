import { describe, expect, it } from "vitest";
import { consume } from "@/lib/rate-limit/limiter";

// Nothing listens on port 1: every Redis call fails at once.
process.env.REDIS_URL = "redis://127.0.0.1:1";
process.env.RATE_LIMIT_SEARCH_PER_MINUTE = "2";

describe("rate limits when Redis is unreachable", () => {
  it("fall back to the in-process budget quickly instead of failing or letting everything through", async () => {
    const decisions = [];
    for (let i = 0; i < 3; i += 1) {
      const started = performance.now();
      decisions.push(await consume("read", "k"));
      // No request waits on an absent Redis for more than a second.
      expect(performance.now() - started).toBeLessThan(1_000);
    }
    expect(decisions.map((decision) => decision.allowed)).toEqual([true, true, false]);
  });
});
