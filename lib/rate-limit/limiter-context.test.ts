import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { captureStartupContext } from "@/lib/outside-request";
import { consumeRule } from "@/lib/rate-limit/limiter";
import { timersSetInRequest } from "../../tests/support/timers-in-request";

describe("a budget's timers", () => {
  it("are set outside the request that spent it, so they keep none of its state", async () => {
    captureStartupContext();
    // The first call may wait for Redis with a timer of its own; the per-key timers come after.
    await consumeRule("context-test", 5, 60, `warm-${randomUUID()}`);
    const { result, storeAfter, timerStores } = await timersSetInRequest(() => consumeRule("context-test", 5, 60, `key-${randomUUID()}`));
    expect(result).toMatchObject({ allowed: true, remaining: 4 });
    // The request's own code is back in the request once the budget has answered.
    expect(storeAfter).toEqual({ id: "a request" });
    expect(timerStores.length).toBeGreaterThan(0);
    expect(timerStores).toEqual(timerStores.map(() => undefined));
  });
});
