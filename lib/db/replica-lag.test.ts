import { describe, expect, it } from "vitest";
import { parseLsn, ReplicaLag } from "./replica-lag";

/** A clock the test moves by hand. */
function fakeClock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe("parseLsn", () => {
  it("orders WAL positions across the 32-bit halves", () => {
    expect(parseLsn("0/4000060")).toBe(0x4000060n);
    expect(parseLsn("16/B374D848")! > parseLsn("15/FFFFFFFF")!).toBe(true);
    expect(parseLsn(null)).toBeNull();
    expect(() => parseLsn("garbage")).toThrow("not a WAL position");
  });
});

describe("ReplicaLag", () => {
  it("knows nothing until the replica has replayed a sampled position", () => {
    const clock = fakeClock();
    const lag = new ReplicaLag(500, clock.now);
    expect(lag.fresh()).toBe(false);
    lag.primaryAt(clock.now(), 100n);
    lag.replayed(99n);
    expect(lag.fresh()).toBe(false);
    lag.replayed(100n);
    expect(lag.fresh()).toBe(true);
    expect(lag.lagMs()).toBe(0);
  });

  it("stays fresh on an idle primary: same position sampled again and again", () => {
    const clock = fakeClock();
    const lag = new ReplicaLag(500, clock.now);
    for (let i = 0; i < 50; i += 1) {
      lag.primaryAt(clock.now(), 100n);
      lag.replayed(100n);
      clock.advance(100);
      // However long nothing is written, the replica is one sampling interval behind at most.
      expect(lag.lagMs()).toBe(100);
      expect(lag.fresh()).toBe(true);
    }
  });

  it("ages while replay is stopped, and falls back once the bound is passed", () => {
    const clock = fakeClock();
    const lag = new ReplicaLag(500, clock.now);
    lag.primaryAt(clock.now(), 100n);
    lag.replayed(100n);
    const caughtUp = clock.now();
    // A write moves the primary on; the replica stays at 100.
    for (let position = 200n; position < 900n; position += 100n) {
      clock.advance(100);
      lag.primaryAt(clock.now(), position);
      lag.replayed(100n);
      expect(lag.lagMs()).toBe(clock.now() - caughtUp);
      expect(lag.fresh()).toBe(clock.now() - caughtUp <= 500);
    }
    expect(lag.fresh()).toBe(false);
    // Replay resumes and reaches the position sampled 200 ms ago: lagging 200 ms, fresh again.
    lag.replayed(600n);
    expect(lag.lagMs()).toBe(200);
    expect(lag.fresh()).toBe(true);
  });

  it("counts a replica that has replayed part of the way as behind by the oldest missing sample", () => {
    const clock = fakeClock();
    const lag = new ReplicaLag(500, clock.now);
    lag.primaryAt(clock.now(), 100n); // t = 0
    clock.advance(300);
    lag.primaryAt(clock.now(), 200n); // t = 300
    clock.advance(300);
    lag.replayed(150n); // has everything of t = 0, not all of t = 300
    expect(lag.lagMs()).toBe(600);
    expect(lag.fresh()).toBe(false);
  });

  it("is stale at once when the replica is lost, until it catches up again", () => {
    const clock = fakeClock();
    const lag = new ReplicaLag(500, clock.now);
    lag.primaryAt(clock.now(), 100n);
    lag.replayed(100n);
    expect(lag.fresh()).toBe(true);
    lag.lost();
    expect(lag.fresh()).toBe(false);
    expect(lag.lagMs()).toBe(Number.POSITIVE_INFINITY);
    clock.advance(100);
    lag.primaryAt(clock.now(), 120n);
    lag.replayed(120n);
    expect(lag.fresh()).toBe(true);
  });

  it("respects the configured bound", () => {
    const clock = fakeClock();
    const lag = new ReplicaLag(2_000, clock.now);
    lag.primaryAt(clock.now(), 100n);
    lag.replayed(100n);
    clock.advance(1_999);
    expect(lag.fresh()).toBe(true);
    clock.advance(2);
    expect(lag.fresh()).toBe(false);
  });
});
