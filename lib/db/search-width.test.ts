import { EventEmitter } from "node:events";
import { afterEach, describe, expect, it, vi } from "vitest";
import { searchWidth } from "./search-width";

/** What searchWidth reads of a pg Pool: its 'acquire' and 'release' events and its queue. */
class FakePool extends EventEmitter {
  waitingCount = 0;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("search width beside saves", () => {
  it("keeps every connection beside a lone save", () => {
    const pool = new FakePool();
    const width = searchWidth(pool, 2, 250)!;
    expect(width()).toBe(2);
    pool.emit("acquire");
    expect(width()).toBe(2);
  });

  it("narrows to one connection while two saves are open, until yieldMs after they stopped crowding", () => {
    vi.useFakeTimers();
    const pool = new FakePool();
    const width = searchWidth(pool, 3, 250)!;
    pool.emit("acquire");
    pool.emit("acquire");
    vi.advanceTimersByTime(1_000);
    expect(width()).toBe(1);
    pool.emit("release");
    vi.advanceTimersByTime(249);
    expect(width()).toBe(1);
    vi.advanceTimersByTime(2);
    expect(width()).toBe(3);
  });

  it("narrows while a save waits for a write connection beside an open one", () => {
    vi.useFakeTimers();
    const pool = new FakePool();
    const width = searchWidth(pool, 2, 100)!;
    pool.emit("acquire");
    pool.waitingCount = 1;
    expect(width()).toBe(1);
    pool.waitingCount = 0;
    pool.emit("release");
    vi.advanceTimersByTime(101);
    expect(width()).toBe(2);
  });

  it("never narrows without a write pool, with yieldMs 0, or with one search connection", () => {
    expect(searchWidth(null, 2, 250)).toBeUndefined();
    expect(searchWidth(new FakePool(), 2, 0)).toBeUndefined();
    expect(searchWidth(new FakePool(), 1, 250)).toBeUndefined();
  });
});
