import { describe, expect, it } from "vitest";
import { captureStartupContext } from "@/lib/outside-request";
import { timersSetInRequest } from "../../tests/support/timers-in-request";
import { ENTRY_OVERHEAD_BYTES, LIVE_SNAPSHOTS, MAX_ENTRIES, readCacheStats, readFresh, readRecent, readThrough } from "./read-cache";

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

describe("the cache's budget", () => {
  it("counts keys and a per-entry overhead, so many tiny entries stay within budget", async () => {
    for (let i = 0; i < MAX_ENTRIES + 5_000; i += 1) await readThrough("50:50:", `tiny-${i}`, async () => 0);
    const stats = readCacheStats();
    expect(stats.entries).toBeLessThanOrEqual(MAX_ENTRIES);
    expect(stats.bytes).toBeLessThanOrEqual(stats.maxBytes);
    // Each counted entry holds at least its overhead and its key, not just its one-character value.
    expect(stats.bytes).toBeGreaterThanOrEqual(stats.entries * (ENTRY_OVERHEAD_BYTES + 2 * "50:50:|tiny-0".length));
  });
});

describe("200,000 distinct page URLs", () => {
  it("leave the cache within READ_CACHE_MB and its entry cap: search answers and retrievals alike", async () => {
    // What a search page's answer holds: ten cards and a count. Each URL differs (query, page, id).
    const card = (i: number) => ({
      PlatformNFTId: `id-${i}`,
      Title: `Collection ${i}`,
      ContractChain: "Base",
      Perks: 3,
      path: `/collections/id-${i}`,
    });
    const page = (n: number) => ({ total: 10_000, page: n, items: Array.from({ length: 10 }, (_, i) => card(n * 10 + i)) });
    for (let i = 0; i < 100_000; i += 1) {
      await readRecent(JSON.stringify(["search", `word${i}`, null, i % 7]), 500, async () => page(i));
      await readThrough("80:80:", JSON.stringify(["collection", `missing-${i}`]), async () => null);
    }
    const stats = readCacheStats();
    expect(stats.maxBytes).toBe(32 * 1024 * 1024);
    expect(stats.bytes).toBeLessThanOrEqual(stats.maxBytes);
    expect(stats.entries).toBeLessThanOrEqual(MAX_ENTRIES);
  }, 120_000);
});

describe("readRecent", () => {
  it("reuses an answer younger than the bound, across writes, and computes again after it", async () => {
    let calls = 0;
    const compute = async () => ++calls;
    expect(await readRecent("r", 200, compute)).toBe(1);
    expect(await readRecent("r", 200, compute)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await readRecent("r", 200, compute)).toBe(2);
  });

  it("lets an answer go once it is older than the bound, with no lookup to notice", async () => {
    // Earlier tests' answers live at most 500 ms: once they are gone, the count holds still.
    await new Promise((resolve) => setTimeout(resolve, 600));
    const before = readCacheStats().entries;
    for (let i = 0; i < 20; i += 1) await readRecent(`short-lived-${i}`, 50, async () => ({ page: i }));
    expect(readCacheStats().entries).toBe(before + 20);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(readCacheStats().entries).toBe(before);
  });

  it("shares one computation among concurrent misses", async () => {
    let calls = 0;
    const compute = () => later(++calls);
    const results = await Promise.all(Array.from({ length: 5 }, () => readRecent("s", 500, compute)));
    expect(results).toEqual([1, 1, 1, 1, 1]);
  });

  it("never caches with a bound of 0, nor a failure", async () => {
    let calls = 0;
    const compute = async () => ++calls;
    await readRecent("z", 0, compute);
    await readRecent("z", 0, compute);
    expect(calls).toBe(2);
    await expect(readRecent("f", 500, async () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await readRecent("f", 500, compute)).toBe(3);
  });
});

describe("readFresh", () => {
  it("tells until when the recent answers it read stay fresh: the earliest end of their bounds", async () => {
    const before = Date.now();
    const computed = await readFresh(() => readRecent("fresh-a", 400, async () => "a"));
    expect(computed.value).toBe("a");
    expect(computed.freshUntil).toBeGreaterThanOrEqual(before + 400);
    expect(computed.freshUntil).toBeLessThanOrEqual(Date.now() + 400);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // A hit is fresh until its answer's own end, not a full bound from now; the earliest answer wins.
    const reused = await readFresh(async () => [
      await readRecent("fresh-a", 400, async () => "again"),
      await readRecent("fresh-b", 1_000, async () => "b"),
    ]);
    expect(reused.value).toEqual(["a", "b"]);
    expect(Math.abs(reused.freshUntil - computed.freshUntil)).toBeLessThanOrEqual(20);
    expect(reused.freshUntil).toBeLessThan(Date.now() + 400 - 50);
  });

  it("is now for an answer computed without a bound or an exact read, and Infinity for no read", async () => {
    const before = Date.now();
    expect((await readFresh(() => readRecent("fresh-c", 0, async () => 1))).freshUntil).toBeLessThanOrEqual(Date.now());
    const exact = await readFresh(async () => [
      await readRecent("fresh-d", 400, async () => 1),
      await readThrough("5:5:", "fresh-e", async () => 2),
    ]);
    expect(exact.freshUntil).toBeGreaterThanOrEqual(before);
    expect(exact.freshUntil).toBeLessThanOrEqual(Date.now());
    expect((await readFresh(async () => 3)).freshUntil).toBe(Infinity);
  });
});

describe("lookup counts", () => {
  it("counts hits, joined computations and misses for each cache", async () => {
    const before = readCacheStats().lookups;
    await Promise.all([readThrough("70:70:", "counted", async () => 1), readThrough("70:70:", "counted", async () => 1)]);
    await readThrough("70:70:", "counted", async () => 1);
    await readRecent("counted", 500, async () => 1);
    await readRecent("counted", 500, async () => 1);
    const after = readCacheStats().lookups;
    expect(after.exact.misses - before.exact.misses).toBe(1);
    expect(after.exact.hits - before.exact.hits).toBe(2);
    expect(after.recent.misses - before.recent.misses).toBe(1);
    expect(after.recent.hits - before.recent.hits).toBe(1);
  });
});

describe("readRecent inside a request", () => {
  it("sets an answer's time to live outside the request, so the cache keeps none of its state", async () => {
    captureStartupContext();
    const { result, storeAfter, timerStores } = await timersSetInRequest(() => readRecent("timer-context", 500, async () => "answer"));
    expect(result).toBe("answer");
    expect(storeAfter).toEqual({ id: "a request" });
    expect(timerStores.length).toBeGreaterThan(0);
    expect(timerStores).toEqual(timerStores.map(() => undefined));
  });
});
