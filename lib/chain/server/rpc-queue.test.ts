import { describe, expect, it } from "vitest";
import { requestQueue, RpcQueueFull } from "./rpc-queue";

describe("a chain's request queue", () => {
  it("hands out slots at the chain's rate and refuses, without waiting, a request past the bound", () => {
    let now = 1_000_000;
    const queue = requestQueue("Localhost", 10, 2, () => now);
    // 10 a second, 2 s of waiting held: 20 slots from now, 0 ms to 1,900 ms away.
    const waits = Array.from({ length: 20 }, () => queue.take());
    expect(waits).toEqual(Array.from({ length: 20 }, (_, index) => index * 100));
    expect(() => queue.take()).toThrow(RpcQueueFull);
    expect(() => queue.take()).toThrow(/request queue of Localhost's RPC is full \(2 s of requests waiting\)/);
    // Time passing frees slots again.
    now += 500;
    expect(queue.take()).toBe(1_500);
  });
});
