import { createServer } from "node:http";
import { createServer as createTcpServer, type AddressInfo, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postEvent, RESPONSE_BYTES_KEPT } from "./post";
import type { Resolver } from "./target";

const hits: string[] = [];
const server = createServer((request, response) => {
  hits.push(`${request.headers.host} ${request.url}`);
  request.resume();
  if (request.url === "/redirect") response.writeHead(302, { location: "/ok" }).end();
  else if (request.url === "/big") response.writeHead(500).end("x".repeat(1_000_000));
  else if (request.url === "/hello") response.writeHead(200, { "content-type": "text/plain" }).end("hello from the receiver");
  else if (request.url === "/slow-body") {
    // The status in time, then a body that never ends.
    response.writeHead(200);
    response.write("partial");
    const drip = setInterval(() => response.write("."), 50);
    response.on("close", () => clearInterval(drip));
  } else response.writeHead(204).end();
});
let port = 0;
beforeAll(
  () => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => ((port = (server.address() as AddressInfo).port), resolve()))),
);
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** DNS that answers `hooks.test` with whatever `answer` is now. */
let answer = "127.0.0.1";
const resolve: Resolver = async () => [{ address: answer, family: 4 }];
const LIMIT = { timeoutMs: 10_000 };

describe("posting an event", () => {
  it("connects to the address it checked, not to a second lookup of the name", async () => {
    answer = "127.0.0.1";
    const result = await postEvent(`http://hooks.test:${port}/ok`, {}, "{}", { allowPrivate: true, resolve, ...LIMIT });
    expect(result).toMatchObject({ ok: true, status: 204, body: "" });
    expect(hits.at(-1)).toBe(`hooks.test:${port} /ok`);
  });

  it("refuses, without connecting, a name that now resolves to a private address", async () => {
    const before = hits.length;
    answer = "10.1.2.3";
    const result = await postEvent(`https://hooks.test:${port}/ok`, {}, "{}", { allowPrivate: false, resolve, ...LIMIT });
    expect(result).toMatchObject({ ok: false, status: null, error: expect.stringMatching(/10\.1\.2\.3/) });
    expect(hits.length).toBe(before);
  });

  it("does not follow a redirect", async () => {
    answer = "127.0.0.1";
    const before = hits.length;
    const result = await postEvent(`http://hooks.test:${port}/redirect`, {}, "{}", { allowPrivate: true, resolve, ...LIMIT });
    expect(result).toMatchObject({ ok: false, status: 302 });
    expect(hits.length).toBe(before + 1);
  });

  it("reads a large answer only up to its limit", async () => {
    answer = "127.0.0.1";
    const result = await postEvent(`http://hooks.test:${port}/big`, {}, "{}", { allowPrivate: true, resolve, ...LIMIT });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.length).toBeLessThanOrEqual(RESPONSE_BYTES_KEPT + 20);
  });
});

/**
 * A target that reads the request, then sends its status line one byte every 50 ms, never
 * finishing: each byte would reset an idle timeout. `closed` settles when the service hangs up.
 */
function drippingTarget() {
  let closed!: () => void;
  const hungUp = new Promise<void>((resolve) => (closed = resolve));
  const sockets: Socket[] = [];
  const target = createTcpServer((socket) => {
    sockets.push(socket);
    const line = "HTTP/1.1 200 OK\r\nx-slow: " + "y".repeat(100_000);
    let sent = 0;
    const drip = setInterval(() => socket.write(line[sent++ % line.length]!), 50);
    socket.on("close", () => (clearInterval(drip), closed()));
    socket.on("error", () => undefined);
  });
  return {
    hungUp,
    listen: () => new Promise<number>((ready) => target.listen(0, "127.0.0.1", () => ready((target.address() as AddressInfo).port))),
    close: () => new Promise<void>((done) => (sockets.forEach((socket) => socket.destroy()), target.close(() => done()))),
  };
}

describe("the time limit of an attempt", () => {
  it("cuts a target that drips its answer at the limit, however often a byte arrives", async () => {
    const target = drippingTarget();
    const targetPort = await target.listen();
    try {
      const result = await postEvent(`http://127.0.0.1:${targetPort}/in`, {}, "{}", { allowPrivate: true, timeoutMs: 1_000 });
      expect(result).toMatchObject({ ok: false, status: null, error: "no complete answer within 1 s" });
      expect(result.durationMs).toBeGreaterThanOrEqual(1_000);
      // The service hung up: the target's socket closed, nothing of the attempt is left open.
      await target.hungUp;
    } finally {
      await target.close();
    }
  });

  it("counts a 2xx that came in time, even when its body is still coming at the limit", async () => {
    answer = "127.0.0.1";
    const result = await postEvent(`http://hooks.test:${port}/slow-body`, {}, "{}", { allowPrivate: true, resolve, timeoutMs: 1_000 });
    expect(result).toMatchObject({ ok: true, status: 200, body: expect.stringMatching(/^partial/) });
  });

  it("reports the status, the time taken and the first bytes of the answer", async () => {
    answer = "127.0.0.1";
    const result = await postEvent(`http://hooks.test:${port}/hello`, {}, "{}", { allowPrivate: true, resolve, ...LIMIT });
    expect(result).toMatchObject({ ok: true, status: 200, body: "hello from the receiver" });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    expect(result.durationMs).toBeLessThan(LIMIT.timeoutMs);
  });
});
