import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { brotliDecompressSync } from "node:zlib";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { pageContentSecurityPolicy } from "./server/content-security-policy";
import { answerPublicPage } from "./public-page-response.mjs";
import type { KeptPage, PageKeeper, Refusal } from "./public-page-response.d.mts";
import { NOT_FOUND_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from "./public-pages.mjs";

const NONCE = "bm9uY2UtZm9yLXRoaXMtcmVuZGVy";
const SCRIPT = 'self.__next_f.push([1,"page"])';
const PAGE = [`<!DOCTYPE html><html><body><main>Hello</main>`, `<script nonce="${NONCE}">${SCRIPT}</script></body></html>`];

type Render = (res: ServerResponse) => void;
let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A server that answers every request through answerPublicPage, with `render` standing in for Next.js. */
async function serve(render: Render, keeper?: PageKeeper): Promise<{ url: string; seen: IncomingMessage[] }> {
  const seen: IncomingMessage[] = [];
  server = createServer((req, res) => {
    res.setHeader("X-Request-Id", "one-request");
    void answerPublicPage(
      req,
      res,
      (request, response) => {
        seen.push(request);
        render(response);
      },
      keeper,
    );
  });
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

/** Keeps pages by URL, as the origin's keeper does by snapshot and URL; `refusal`, when set, answers every kept page. */
function mapKeeper(options: { refusal?: Refusal; failing?: boolean; current?: boolean } = {}) {
  const pages = new Map<string, KeptPage>();
  const found: string[] = [];
  const keeper: PageKeeper = {
    async find(req) {
      if (options.failing) throw new Error("the store is away");
      found.push(req.url!);
      const page = pages.get(req.url!);
      if (!page) return { key: req.url! };
      return options.refusal ? { key: req.url!, refusal: options.refusal } : { key: req.url!, page, current: options.current };
    },
    keep: (key, page) => void (page && pages.set(key, page)),
  };
  return { keeper, pages, found };
}

describe("a page kept at the origin", () => {
  it("is the finished public answer, served again without a render, in any encoding, with its age", async () => {
    const { keeper, pages } = mapKeeper();
    const { url, seen } = await serve(page(200), keeper);
    const first = await fetch(`${url}/collections/a`, { headers: { "accept-encoding": "br" } });
    const firstBody = await first.text();
    expect(first.headers.get("x-origin-cache")).toBe("miss");
    expect(seen).toHaveLength(1);
    const kept = pages.get("/collections/a")!;
    expect(kept.status).toBe(200);
    // The page's own headers only: not the request's id, the length or the encoding of one answer.
    const names = kept.headers.map(([name]) => name);
    expect(names).toEqual(expect.arrayContaining(["content-type", "cache-control", "vary", "content-security-policy"]));
    for (const name of ["x-request-id", "content-length", "content-encoding", "x-origin-cache"]) expect(names).not.toContain(name);
    // Kept compressed only: the other encodings are made from it.
    expect(brotliDecompressSync(kept.brotli).toString()).toBe(firstBody);
    expect(kept.length).toBe(Buffer.byteLength(firstBody));
    kept.storedAt -= 5_000;

    // A weight of 0 refuses a coding (RFC 9110): the next one the client takes is sent, or none.
    const asked: [string, string | null][] = [
      ["br", "br"],
      ["gzip", "gzip"],
      ["identity", null],
      ["br;q=0, gzip", "gzip"],
      ["*;q=0", null],
    ];
    for (const [accepted, encoding] of asked) {
      const again = await fetch(`${url}/collections/a`, { headers: { "accept-encoding": accepted } });
      expect(again.headers.get("x-origin-cache")).toBe("hit");
      expect(again.headers.get("content-encoding"), accepted).toBe(encoding);
      // Not found current at this view: its age is the time since its render.
      expect(Number(again.headers.get("age"))).toBeGreaterThanOrEqual(5);
      expect(again.headers.get("x-request-id")).toBe("one-request");
      expect(again.headers.get("cache-control")).toBe(first.headers.get("cache-control"));
      expect(again.headers.get("content-security-policy")).toBe(first.headers.get("content-security-policy"));
      expect(await again.text()).toBe(firstBody);
    }
    expect(seen).toHaveLength(1);
  });

  it("has age 0 when the keeper found what it shows unchanged at this view", async () => {
    const { keeper, pages } = mapKeeper({ current: true });
    const { url } = await serve(page(200), keeper);
    await (await fetch(`${url}/collections/a`)).arrayBuffer();
    pages.get("/collections/a")!.storedAt -= 60_000;
    const again = await fetch(`${url}/collections/a`);
    expect(again.headers.get("x-origin-cache")).toBe("hit");
    expect(again.headers.get("age")).toBe("0");
    expect(await again.text()).toBe(PAGE.join("").replace(` nonce="${NONCE}"`, ""));
  });

  it("keeps a 404, but not an error, an answer that sets a cookie, a HEAD or an RSC payload", async () => {
    for (const [status, extra, keptCount] of [
      [404, {}, 1],
      [500, {}, 0],
      [200, { "Set-Cookie": "a=b; Path=/" }, 0],
    ] as const) {
      const { keeper, pages } = mapKeeper();
      const { url } = await serve(page(status, extra), keeper);
      await (await fetch(url)).arrayBuffer();
      expect(pages.size, String(status)).toBe(keptCount);
      await new Promise<void>((resolve) => server!.close(() => resolve()));
      server = undefined;
    }
    const { keeper, pages, found } = mapKeeper();
    const { url } = await serve(page(200), keeper);
    await fetch(url, { method: "HEAD" });
    await (await fetch(url, { headers: { rsc: "1" } })).arrayBuffer();
    expect(found).toEqual([]);
    expect(pages.size).toBe(0);
  });

  it("tells the keeper when a render is not kept, also when it never finishes", async () => {
    const settled: [string, KeptPage | null][] = [];
    const keeper: PageKeeper = {
      find: async (req) => ({ key: req.url! }),
      keep: (key, page) => void settled.push([key, page]),
    };
    const { url } = await serve(page(500), keeper);
    await (await fetch(`${url}/error`)).arrayBuffer();
    await expect.poll(() => settled).toEqual([["/error", null]]);
    await new Promise<void>((resolve) => server!.close(() => resolve()));

    // A render that never answers: the client gives up, and the keeper hears of it once.
    const silent = await serve(() => undefined, keeper);
    const aborted = new AbortController();
    const asked = fetch(`${silent.url}/stuck`, { signal: aborted.signal }).catch(() => null);
    await expect.poll(() => silent.seen.length).toBe(1);
    aborted.abort();
    await asked;
    await expect
      .poll(() => settled)
      .toEqual([
        ["/error", null],
        ["/stuck", null],
      ]);
  });

  it("answers the read budget's refusal as it is, and is rendered when the keeper fails", async () => {
    const refusal: Refusal = {
      status: 429,
      headers: [
        ["retry-after", "7"],
        ["cache-control", "no-store"],
      ],
      body: Buffer.from("wait"),
    };
    const { keeper } = mapKeeper({ refusal });
    const { url, seen } = await serve(page(200), keeper);
    await (await fetch(url)).arrayBuffer();
    const refused = await fetch(url);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("7");
    expect(refused.headers.get("cache-control")).toBe("private, no-store");
    expect(await refused.text()).toBe("wait");
    expect(seen).toHaveLength(1);
    await new Promise<void>((resolve) => server!.close(() => resolve()));

    const failing = mapKeeper({ failing: true });
    const rendered = await serve(page(200), failing.keeper);
    const answer = await fetch(rendered.url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("x-origin-cache")).toBeNull();
    expect(rendered.seen).toHaveLength(1);
  });
});
