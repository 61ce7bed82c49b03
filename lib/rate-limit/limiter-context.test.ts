import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { captureStartupContext } from "@/lib/outside-request";
import { consumeRule } from "@/lib/rate-limit/limiter";

describe("a budget's timers", () => {
  it("are set outside the request that spent it, so they keep none of its state", async () => {
    captureStartupContext();
    // The first call may wait for Redis with a timer of its own; the per-key timers come after.
    await consumeRule("context-test", 5, 60, `warm-${randomUUID()}`);
    const request = new AsyncLocalStorage<{ id: string }>();
    const storesSeen: unknown[] = [];
    const realSetTimeout = globalThis.setTimeout;
    const spy = vi.spyOn(globalThis, "setTimeout").mockImplementation(((...args: Parameters<typeof setTimeout>) => {
      storesSeen.push(request.getStore());
      return realSetTimeout(...args);
    }) as typeof setTimeout);
    try {
      const answered = await request.run({ id: "a request" }, async () => {
        const decision = await consumeRule("context-test", 5, 60, `key-${randomUUID()}`);
        return { decision, storeAfter: request.getStore() };
      });
      expect(answered.decision).toMatchObject({ allowed: true, remaining: 4 });
      // The request's own code is back in the request once the budget has answered.
      expect(answered.storeAfter).toEqual({ id: "a request" });
    } finally {
      spy.mockRestore();
    }
    expect(storesSeen.length).toBeGreaterThan(0);
    expect(storesSeen).toEqual(storesSeen.map(() => undefined));
  });
});
