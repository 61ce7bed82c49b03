import type { IncomingMessage } from "node:http";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { localServers, sendRaw } from "@/tests/support/raw-http";
import { answerApi } from "./api-answer.mjs";
import { gatewayReadHandle } from "./gateway-read.mjs";

const CONFIG = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Content-Security-Policy", value: "default-src 'none'" },
];
type Read = (request: Request) => Promise<Response>;

const listen = localServers();

/**
 * A server that answers as server.mjs does: API requests through answerApi, with the gateway read
 * `read` for the path /read (any other path is Next.js's, here a 418 that says so).
 */
async function serve(read: Read): Promise<{ url: string; failures: unknown[] }> {
  const failures: unknown[] = [];
  const reads = (path: string) => (path === "/api-gateway/read" ? read : null);
  const url = await listen((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const direct = gatewayReadHandle(reads, req, path, CONFIG, (error, response) => {
      failures.push(error);
      response.statusCode = 500;
      response.end("failed");
    });
    answerApi(
      req,
      res,
      direct ??
        ((_, response) => {
          response.statusCode = 418;
          response.end("next.js");
        }),
    );
  });
  return { url, failures };
}

const send = (url: string, { method = "GET", headers = {} }: { method?: string; headers?: Record<string, string> } = {}) =>
  sendRaw(url, headers, method);

describe("gateway reads answered without Next.js", () => {
  it("hands the route handler the request as a Web Request: method, URL with its query, and headers", async () => {
    const seen: Request[] = [];
    const { url } = await serve(async (request) => {
      seen.push(request);
      return Response.json({ ok: true });
    });
    await send(`${url}/api-gateway/read?query=club&pageNum=2`, { headers: { authorization: "Bearer k", "x-extra": "1" } });
    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request!.method).toBe("GET");
    expect(new URL(request!.url).pathname).toBe("/api-gateway/read");
    expect(new URL(request!.url).searchParams.get("pageNum")).toBe("2");
    expect(request!.headers.get("authorization")).toBe("Bearer k");
    expect(request!.headers.get("x-extra")).toBe("1");
    // Compression is the server's business, as it is when Next.js answers.
    expect(request!.headers.get("accept-encoding")).toBeNull();
  });

  it("sends the configured headers, the answer's own status, headers and cookies, gzipped when taken", async () => {
    const body = JSON.stringify({ items: Array.from({ length: 200 }, (_, index) => ({ index, name: `collection ${index}` })) });
    const { url } = await serve(async () => {
      const headers = new Headers({ "content-type": "application/json", "cache-control": "no-store", "ratelimit-limit": "120" });
      headers.append("set-cookie", "a=1; Path=/");
      headers.append("set-cookie", "b=2; Path=/");
      return new Response(body, { status: 203, headers });
    });
    const plain = await send(`${url}/api-gateway/read`);
    expect(plain.status).toBe(203);
    expect(plain.headers["x-content-type-options"]).toBe("nosniff");
    expect(plain.headers["content-security-policy"]).toBe("default-src 'none'");
    expect(plain.headers["ratelimit-limit"]).toBe("120");
    expect(plain.headers["set-cookie"]).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    expect(plain.headers["content-length"]).toBe(String(Buffer.byteLength(body)));
    expect(plain.body.toString()).toBe(body);

    const gzipped = await send(`${url}/api-gateway/read`, { headers: { "accept-encoding": "gzip" } });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzipped.body).toString()).toBe(body);

    const head = await send(`${url}/api-gateway/read`, { method: "HEAD" });
    expect(head.status).toBe(203);
    expect(head.body.length).toBe(0);
  });

  it("leaves other methods, other paths and a Host that makes no URL to Next.js", async () => {
    let calls = 0;
    const { url } = await serve(async () => {
      calls += 1;
      return Response.json({});
    });
    expect((await send(`${url}/api-gateway/read`, { method: "POST" })).status).toBe(418);
    expect((await send(`${url}/api-gateway/other`)).status).toBe(418);
    expect((await send(`${url}/api-gateway/read`, { headers: { host: "bad host:x" } })).status).toBe(418);
    expect(calls).toBe(0);
    expect(
      gatewayReadHandle(undefined, { method: "GET", url: "/", headers: {} } as IncomingMessage, "/api-gateway/read", CONFIG, () => {}),
    ).toBeNull();
  });

  it("hands an error the handler threw, rather than answered, to the server's own answer", async () => {
    const { url, failures } = await serve(() => Promise.reject(new Error("escaped")));
    const answer = await send(`${url}/api-gateway/read`);
    expect(answer.status).toBe(500);
    expect(answer.body.toString()).toBe("failed");
    expect(failures).toEqual([new Error("escaped")]);
  });
});
