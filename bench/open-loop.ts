import http from "node:http";

/**
 * An open-loop load: requests leave on a fixed timetable whatever the server answers, and each
 * latency counts from when the request was due, not from when it left (no coordinated omission:
 * a server that stalls is charged for every request that waited behind the stall).
 *
 * Requests go out on node:http with kept-alive connections, and answers are read but not
 * decompressed: the generator shares the machine with the server, and `fetch` cost it about
 * three times the CPU per request (docs/performance.md, "A lighter generator"), time taken from
 * the server and charged to every request's latency as the generator's own lag.
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

/** As a browser or an HTTP library asks: compressed answers welcome. */
const ACCEPT = { "accept-encoding": "gzip" };

function send<K extends string>(agent: http.Agent, url: string, request: Due<K>, due: number, start: number): Promise<Sample<K>> {
  const left = performance.now();
  const dueMs = due - start;
  const sample = (status: number, error?: string): Sample<K> => ({
    kind: request.kind,
    dueMs,
    latencyMs: performance.now() - due,
    lagMs: left - due,
    status,
    ...(error === undefined ? {} : { error }),
  });
  return new Promise((resolve) => {
    const headers =
      request.body === undefined
        ? { ...ACCEPT, ...request.headers }
        : { ...ACCEPT, ...request.headers, "content-type": "application/json" };
    const outgoing = http.request(`${url}${request.path}`, { method: request.method, headers, agent }, (response) => {
      response.on("data", () => {});
      response.on("end", () => {
        clearTimeout(limit);
        resolve(sample(response.statusCode ?? 0));
      });
      // Ended before its last byte (the time limit, a reset): an error, not an answer.
      response.on("close", () => {
        clearTimeout(limit);
        if (!response.complete) resolve(sample(0, "the answer ended before its last byte"));
      });
    });
    const limit = setTimeout(() => outgoing.destroy(new Error(`no answer within ${TIME_LIMIT_MS} ms`)), TIME_LIMIT_MS);
    outgoing.on("error", (error) => {
      clearTimeout(limit);
      resolve(sample(0, error.message));
    });
    outgoing.end(request.body);
  });
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
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  for (let index = 0; index < total; index += 1) {
    const due = start + index * interval;
    const request = next();
    const wait = due - performance.now();
    // Timers fire a millisecond or so late: requests due meanwhile leave together, still timed from when due.
    if (wait >= 1) await sleep(wait);
    sent.push(send(agent, url, request, due, start));
  }
  const samples = await Promise.all(sent);
  agent.destroy();
  return samples;
}

/** The nearest-rank percentile `p` (0–100) of `values`, 0 when there are none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
