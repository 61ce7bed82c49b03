import { describe, expect, it } from "vitest";
import { nextRetryDelayMs, RETRY_WINDOW_MS } from "./backoff";

const S = 1_000;
const MIN = 60 * S;
const H = 60 * MIN;

/** The attempts' times after the event, following the schedule from a first attempt at 0. */
function attemptTimes(scale = 1): number[] {
  const times = [0];
  for (let attempt = 1; ; attempt++) {
    const delay = nextRetryDelayMs(attempt, times.at(-1)!, scale);
    if (delay === null) return times;
    times.push(times.at(-1)! + delay);
  }
}

describe("retry schedule", () => {
  it("waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, then retries once more at the end of 24 hours", () => {
    expect(attemptTimes()).toEqual([
      0,
      5 * S,
      5 * S + 5 * MIN,
      5 * S + 35 * MIN,
      5 * S + 155 * MIN,
      5 * S + 455 * MIN,
      5 * S + 1055 * MIN,
      24 * H,
    ]);
  });

  it("grows: every wait but the last (cut at the window's end) is longer than the one before", () => {
    const times = attemptTimes();
    const waits = times.slice(1).map((time, index) => time - times[index]!);
    for (let index = 1; index < waits.length - 1; index++) expect(waits[index]).toBeGreaterThan(waits[index - 1]!);
  });

  it("gives up once the event is 24 hours old, and never schedules past that", () => {
    expect(nextRetryDelayMs(3, RETRY_WINDOW_MS)).toBeNull();
    expect(nextRetryDelayMs(6, RETRY_WINDOW_MS - 1_000)).toBe(1_000);
    expect(nextRetryDelayMs(0, 0)).toBeNull();
  });

  it("scales every wait and the window alike (tests run the schedule in seconds)", () => {
    const scaled = attemptTimes(0.001);
    const full = attemptTimes();
    expect(scaled).toHaveLength(full.length);
    scaled.forEach((time, index) => expect(time).toBeCloseTo(full[index]! * 0.001, 6));
  });
});
