/**
 * The dev start-up's clock: every line it prints carries the seconds since the process began, so a
 * slow start shows where its time goes. A step prints a line when it begins and one when it ends.
 */
export type DevClock = {
  /** Prints a line stamped with the time since the process began. */
  log(message: string): void;
  /** Runs a step between a "…" line and a "done in" line; a failing step says so and rethrows. */
  step<T>(title: string, run: () => Promise<T>): Promise<T>;
  /** Seconds since the process began. */
  seconds(): number;
};

const format = (seconds: number) => `${seconds.toFixed(1)} s`;

export function devClock(out: (line: string) => void = console.log, now: () => number = () => performance.now()): DevClock {
  const seconds = () => now() / 1000;
  const log = (message: string) => out(`[${format(seconds()).padStart(7)}] ${message}`);
  return {
    log,
    seconds,
    async step(title, run) {
      const began = seconds();
      log(`${title}…`);
      try {
        const result = await run();
        log(`${title}: done in ${format(seconds() - began)}`);
        return result;
      } catch (error) {
        log(`${title}: failed after ${format(seconds() - began)}`);
        throw error;
      }
    },
  };
}
