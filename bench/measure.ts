import autocannon from "autocannon";

export type Request = { method?: "GET" | "POST"; path: string; headers?: Record<string, string>; body?: string };

export type Figures = {
  reqPerSec: number;
  p50: number;
  p99: number;
  singleP50: number;
  non2xx: number;
  errors: number;
};

type Options = { connections: number; durationSeconds: number };

/** `connections` busy for `durationSeconds`, each request drawn anew from `requests`: autocannon's result. */
export async function cannon(url: string, requests: () => Request, connections: number, durationSeconds: number) {
  const first = requests();
  return autocannon({
    url: `${url}${first.path}`,
    connections,
    duration: durationSeconds,
    method: first.method ?? "GET",
    headers: first.headers,
    body: first.body,
    // A new request each time, so varied paths and bodies really vary.
    requests: [{ setupRequest: (request) => ({ ...request, ...requests() }) }],
  });
}

/** Throughput and latency at `connections`, then the median of single requests one at a time. */
export async function measure(url: string, requests: () => Request, options: Options): Promise<Figures> {
  await cannon(url, requests, options.connections, 2); // warm-up: JIT, caches, connection pool
  const loaded = await cannon(url, requests, options.connections, options.durationSeconds);
  const single = await cannon(url, requests, 1, Math.max(3, Math.round(options.durationSeconds / 3)));
  return {
    reqPerSec: loaded.requests.average,
    p50: loaded.latency.p50,
    p99: loaded.latency.p99,
    singleP50: single.latency.p50,
    non2xx: loaded.non2xx + single.non2xx,
    errors: loaded.errors + single.errors,
  };
}
