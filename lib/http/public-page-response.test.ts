import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { pageContentSecurityPolicy } from "./server/content-security-policy";
import { answerPublicPage } from "./public-page-response.mjs";
import { NOT_FOUND_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from "./public-pages.mjs";

const NONCE = "bm9uY2UtZm9yLXRoaXMtcmVuZGVy";
const SCRIPT = 'self.__next_f.push([1,"page"])';
const PAGE = [`<!DOCTYPE html><html><body><main>Hello</main>`, `<script nonce="${NONCE}">${SCRIPT}</script></body></html>`];

type Render = (res: ServerResponse) => void;
let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A server that answers every request through answerPublicPage, with `render` standing in for Next.js. */
async function serve(render: Render): Promise<{ url: string; seen: IncomingMessage[] }> {
  const seen: IncomingMessage[] = [];
  server = createServer((req, res) =>
    answerPublicPage(req, res, (request, response) => {
      seen.push(request);
      render(response);
    }),
  );
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`, seen };
}

/** Next.js's way of answering a page: headers set one by one, then the markup in chunks. */
const page =
  (status: number, extra: Record<string, string> = {}): Render =>
  (res) => {
    res.statusCode = status;
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Cache-Control", "private, no-cache, no-store, max-age=0, must-revalidate");
    res.setHeader("Vary", "RSC, Next-Router-State-Tree");
    res.setHeader("Content-Security-Policy", pageContentSecurityPolicy(NONCE, false));
    for (const [name, value] of Object.entries(extra)) res.setHeader(name, value);
    res.flushHeaders();
    res.write(PAGE[0]);
    res.end(Buffer.from(PAGE[1]!));
  };

describe("an anonymous public page's answer", () => {
  it("is public, names its script's hash, has no nonce left, and is compressed here", async () => {
    const { url, seen } = await serve(page(200));
    const response = await fetch(url, { headers: { "accept-encoding": "gzip" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
    expect(response.headers.get("vary")).toBe("RSC, Next-Router-State-Tree, Accept-Encoding, Cookie, Authorization");
    const hash = createHash("sha256").update(SCRIPT).digest("base64");
    expect(response.headers.get("content-security-policy")).toContain(`script-src 'self' 'sha256-${hash}';`);
    expect(response.headers.get("content-encoding")).toBe("gzip");
    // fetch undoes the gzip.
    const body = await response.text();
    expect(body).toBe(PAGE.join("").replace(` nonce="${NONCE}"`, ""));
    // Next.js was asked for the page uncompressed, so the markup could be read here.
    expect(seen[0]!.headers["accept-encoding"]).toBeUndefined();
  });

  it("is public briefly when it is a 404", async () => {
    const { url } = await serve(page(404));
    const response = await fetch(url);
    expect(response.status).toBe(404);
    expect(response.headers.get("cache-control")).toBe(NOT_FOUND_CACHE_CONTROL);
    expect(await response.text()).not.toContain(NONCE);
  });

  it("stays private, with its nonce policy, when it is an error or sets a cookie", async () => {
    for (const [status, extra] of [
      [500, {}],
      [429, {}],
      [200, { "Set-Cookie": "a=b; Path=/" }],
    ] as const) {
      const { url } = await serve(page(status, extra));
      const response = await fetch(url);
      expect(response.status, String(status)).toBe(status);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect(response.headers.get("content-security-policy")).toContain(`'nonce-${NONCE}'`);
      await response.arrayBuffer();
      await new Promise<void>((resolve) => server!.close(() => resolve()));
      server = undefined;
    }
  });

  it("stays private when the page came without a nonce policy to trade", async () => {
    const { url } = await serve((res) => {
      res.writeHead(200, { "Content-Type": "text/html" });
      res.end("<script>1</script>");
    });
    const response = await fetch(url);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });
});
