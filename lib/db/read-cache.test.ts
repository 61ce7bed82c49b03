import { describe, expect, it } from "vitest";
import { LIVE_SNAPSHOTS, readThrough } from "./read-cache";

const later = <T>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 5));

describe("readThrough", () => {
  it("computes once for concurrent misses of the same key and snapshot", async () => {
    let calls = 0;
    const compute = () => {
      calls += 1;
      return later({ answer: calls });
    };
    const results = await Promise.all(Array.from({ length: 5 }, () => readThrough("1:1:", "k", compute)));
    expect(calls).toBe(1);
    expect(results).toEqual(Array.from({ length: 5 }, () => ({ answer: 1 })));
    expect(await readThrough("1:1:", "k", compute)).toEqual({ answer: 1 });
    expect(calls).toBe(1);
  });

  it("computes again under a new snapshot and for another key", async () => {
    let calls = 0;
    const compute = async () => ++calls;
    expect(await readThrough("2:2:", "a", compute)).toBe(1);
    expect(await readThrough("3:3:", "a", compute)).toBe(2);
    expect(await readThrough("3:3:", "b", compute)).toBe(3);
  });

  it("caches nothing when computing fails, and the next call tries again", async () => {
    let calls = 0;
    const failing = async () => {
      calls += 1;
      throw new Error("database down");
    };
    await expect(readThrough("4:4:", "x", failing)).rejects.toThrow("database down");
    await expect(readThrough("4:4:", "x", failing)).rejects.toThrow("database down");
    expect(calls).toBe(2);
  });

  it("never caches without a snapshot", async () => {
    let calls = 0;
    const compute = async () => ++calls;
    await readThrough("", "k", compute);
    await readThrough("", "k", compute);
    expect(calls).toBe(2);
  });

  it("drops the answers of snapshots older than the last few, which no request can hit again", async () => {
    let calls = 0;
    const compute = async () => ++calls;
    await readThrough("10:10:", "old", compute);
    for (let i = 0; i < LIVE_SNAPSHOTS - 1; i += 1) await readThrough(`${11 + i}:${11 + i}:`, "k", compute);
    // Still among the last LIVE_SNAPSHOTS: a hit.
    expect(await readThrough("10:10:", "old", compute)).toBe(1);
    await readThrough("99:99:", "k", compute);
    // One snapshot too many: the oldest one's answers are gone.
    const before = calls;
    expect(await readThrough("10:10:", "old", compute)).toBe(before + 1);
  });
});
