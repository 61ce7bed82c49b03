import { afterEach, describe, expect, it, vi } from "vitest";

/** A task that starts, records itself, and ends only when released. */
function gatedTasks(count: number) {
  const started: number[] = [];
  let running = 0;
  let most = 0;
  const releases: (() => void)[] = [];
  const tasks = Array.from({ length: count }, (_, index) => async () => {
    started.push(index);
    running += 1;
    most = Math.max(most, running);
    await new Promise<void>((resolve) => releases.push(resolve));
    running -= 1;
    return index;
  });
  return { tasks, started, releases, most: () => most };
}

/** Lets every promise that can settle settle. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

async function admissionWith(limit: string) {
  vi.resetModules();
  vi.stubEnv("SEARCH_CONCURRENCY", limit);
  return (await import("./admission")).admitSearch;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("search admission", () => {
  it("computes at most SEARCH_CONCURRENCY searches at once and lets the others in by arrival", async () => {
    const admitSearch = await admissionWith("2");
    const { tasks, started, releases, most } = gatedTasks(5);
    const answers = Promise.all(tasks.map((task) => admitSearch(task)));
    await settle();
    expect(started).toEqual([0, 1]);
    releases.shift()!();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    while (started.length < 5 || releases.length > 0) {
      releases.shift()?.();
      await settle();
    }
    expect(await answers).toEqual([0, 1, 2, 3, 4]);
    expect(most()).toBe(2);
  });

  it("lets a failed search free its place", async () => {
    const admitSearch = await admissionWith("1");
    await expect(admitSearch(() => Promise.reject(new Error("statement failed")))).rejects.toThrow("statement failed");
    expect(await admitSearch(() => Promise.resolve("next"))).toBe("next");
  });

  it("limits nothing at 0, the default", async () => {
    const admitSearch = await admissionWith("0");
    const { tasks, started, releases } = gatedTasks(5);
    const answers = Promise.all(tasks.map((task) => admitSearch(task)));
    await settle();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    releases.forEach((release) => release());
    expect(await answers).toEqual([0, 1, 2, 3, 4]);
  });
});
