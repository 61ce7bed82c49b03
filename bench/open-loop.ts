/**
 * An open-loop load: requests leave on a fixed timetable whatever the server answers, and each
 * latency counts from when the request was due, not from when it left (no coordinated omission:
 * a server that stalls is charged for every request that waited behind the stall).
 */

export type Due<K extends string> = { kind: K; method: "GET" | "POST"; path: string; body?: string; headers: Record<string, string> };

export type Sample<K extends string> = {
  kind: K;
  /** From the due time to the answer's last byte, in ms. */
  latencyMs: number;
  /** When it was due, in ms from the start of the run. */
  dueMs: number;
  /** How late the request left, in ms: the generator's own lag, included in `latencyMs`. */
  lagMs: number;
  status: number;
  /** A network error or the time limit (status 0). */
  error?: string;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A request taking longer than this counts as an error. */
const TIME_LIMIT_MS = 10_000;

async function send<K extends string>(url: string, request: Due<K>, due: number, start: number): Promise<Sample<K>> {
  const left = performance.now();
  const dueMs = due - start;
  try {
    const response = await fetch(`${url}${request.path}`, {
      method: request.method,
      headers: request.body === undefined ? request.headers : { ...request.headers, "content-type": "application/json" },
      body: request.body,
      signal: AbortSignal.timeout(TIME_LIMIT_MS),
    });
    await response.arrayBuffer();
    return { kind: request.kind, dueMs, latencyMs: performance.now() - due, lagMs: left - due, status: response.status };
  } catch (error) {
    return { kind: request.kind, dueMs, latencyMs: performance.now() - due, lagMs: left - due, status: 0, error: (error as Error).message };
  }
}

/**
 * Offers `rate` requests a second for `seconds`, evenly spaced, each made by `next` just before
 * it is due, and resolves with every request's sample once the last has been answered.
 */
export async function openLoop<K extends string>(url: string, rate: number, seconds: number, next: () => Due<K>): Promise<Sample<K>[]> {
  const interval = 1000 / rate;
  const total = Math.max(1, Math.round(rate * seconds));
  const start = performance.now() + 20;
  const sent: Promise<Sample<K>>[] = [];
  for (let index = 0; index < total; index += 1) {
    const due = start + index * interval;
    const request = next();
    const wait = due - performance.now();
    // Timers fire a millisecond or so late: requests due meanwhile leave together, still timed from when due.
    if (wait >= 1) await sleep(wait);
    sent.push(send(url, request, due, start));
  }
  return Promise.all(sent);
}

/** The nearest-rank percentile `p` (0–100) of `values`, 0 when there are none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
