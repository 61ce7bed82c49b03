import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { openLoop, percentile } from "@/bench/open-loop";

/** A server that answers nothing until it has received `hold` requests, then everything at once. */
function stallingServer(hold: number) {
  const waiting: http.ServerResponse[] = [];
  let received = 0;
  const server = http.createServer((request, response) => {
    received += 1;
    request.resume();
    if (received < hold) {
      waiting.push(response);
      return;
    }
    for (const held of [...waiting.splice(0), response]) held.end(received > hold ? "late" : "held");
  });
  return new Promise<{ url: string; close: () => void }>((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => server.close(),
      }),
    ),
  );
}

describe("the latency bench's open loop", () => {
  const servers: { close: () => void }[] = [];
  afterAll(() => servers.forEach((server) => server.close()));

  it("keeps sending on its timetable while nothing is answered, and times each request from when it was due", async () => {
    const HOLD = 10;
    const server = await stallingServer(HOLD);
    servers.push(server);
    // A closed loop would wait for the first answer before sending more: the server would never answer.
    const samples = await openLoop(server.url, 100, 0.2, () => ({ kind: "search", method: "GET", path: "/", headers: {} }));
    expect(samples).toHaveLength(20);
    expect(samples.every((sample) => sample.status === 200)).toBe(true);
    // The first request could not be answered before the tenth was due: its wait is counted.
    const byDue = [...samples].sort((a, b) => a.dueMs - b.dueMs);
    expect(byDue[0]!.latencyMs).toBeGreaterThanOrEqual(byDue[HOLD - 1]!.dueMs - byDue[0]!.dueMs);
  });

  it("takes nearest-rank percentiles", () => {
    const values = Array.from({ length: 100 }, (_, index) => 100 - index);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([], 99)).toBe(0);
  });
});
