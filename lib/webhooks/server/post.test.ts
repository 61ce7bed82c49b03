import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postEvent, RESPONSE_BYTES_KEPT } from "./post";
import type { Resolver } from "./target";

const hits: string[] = [];
const server = createServer((request, response) => {
  hits.push(`${request.headers.host} ${request.url}`);
  request.resume();
  if (request.url === "/redirect") response.writeHead(302, { location: "/ok" }).end();
  else if (request.url === "/big") response.writeHead(500).end("x".repeat(1_000_000));
  else response.writeHead(204).end();
});
let port = 0;
beforeAll(
  () => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => ((port = (server.address() as AddressInfo).port), resolve()))),
);
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** DNS that answers `hooks.test` with whatever `answer` is now. */
let answer = "127.0.0.1";
const resolve: Resolver = async () => [{ address: answer, family: 4 }];

describe("posting an event", () => {
  it("connects to the address it checked, not to a second lookup of the name", async () => {
    answer = "127.0.0.1";
    const result = await postEvent(`http://hooks.test:${port}/ok`, {}, "{}", { allowPrivate: true, resolve });
    expect(result).toEqual({ ok: true, status: 204 });
    expect(hits.at(-1)).toBe(`hooks.test:${port} /ok`);
  });

  it("refuses, without connecting, a name that now resolves to a private address", async () => {
    const before = hits.length;
    answer = "10.1.2.3";
    const result = await postEvent(`https://hooks.test:${port}/ok`, {}, "{}", { allowPrivate: false, resolve });
    expect(result).toMatchObject({ ok: false, status: null, error: expect.stringMatching(/10\.1\.2\.3/) });
    expect(hits.length).toBe(before);
  });

  it("does not follow a redirect", async () => {
    answer = "127.0.0.1";
    const before = hits.length;
    const result = await postEvent(`http://hooks.test:${port}/redirect`, {}, "{}", { allowPrivate: true, resolve });
    expect(result).toMatchObject({ ok: false, status: 302 });
    expect(hits.length).toBe(before + 1);
  });

  it("reads a large answer only up to its limit", async () => {
    answer = "127.0.0.1";
    const result = await postEvent(`http://hooks.test:${port}/big`, {}, "{}", { allowPrivate: true, resolve });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.length).toBeLessThanOrEqual(RESPONSE_BYTES_KEPT + 20);
  });
});
