import { randomBytes } from "node:crypto";
import { request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { localServers, sendRaw, type Raw } from "@/tests/support/raw-http";
import { answerApi, COMPRESS_FROM_BYTES, HOLD_BYTES, INLINE_GZIP_BYTES, isApiRequest } from "./api-answer.mjs";

type Handler = (res: ServerResponse) => void | Promise<void>;
const listen = localServers();

/** A server that answers every request through answerApi, with `handler` standing in for Next.js. */
async function serve(handler: Handler): Promise<{ url: string; seen: IncomingMessage[] }> {
  const seen: IncomingMessage[] = [];
  const url = await listen((req, res) => {
    answerApi(req, res, (request, response) => {
      seen.push(request);
      return handler(response);
    });
  });
  return { url, seen };
}

const get = sendRaw;

/** Next.js's way of answering a route handler: headers set one by one, flushed, then the body in chunks. */
const json =
  (body: string, extra: Record<string, string> = {}): Handler =>
  (res) => {
    res.statusCode = 200;
    res.setHeader("Content-Type", "application/json");
    for (const [name, value] of Object.entries(extra)) res.setHeader(name, value);
    res.flushHeaders();
    const half = Math.floor(body.length / 2);
    res.write(body.slice(0, half));
    res.write(Buffer.from(body.slice(half)));
    res.end();
  };

const searchAnswer = JSON.stringify({
  Docs: Array.from({ length: 20 }, (_, i) => ({ Title: `Collection ${i}`, Description: "Perks for holders ".repeat(10) })),
});

describe("an API answer", () => {
  it("is held until complete, then gzipped and sent with its length when the client takes gzip", async () => {
    const { url, seen } = await serve(json(searchAnswer));
    const answer = await get(`${url}/api-gateway/search`, { "accept-encoding": "gzip, deflate, br" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("gzip");
    // A length, so no chunked encoding: the whole answer was known before the first byte went out.
    expect(answer.headers["transfer-encoding"]).toBeUndefined();
    expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(searchAnswer.length);
    expect(gunzipSync(answer.body).toString()).toBe(searchAnswer);
    expect(answer.headers.vary).toBe("Accept-Encoding");
    // Next.js was asked for it uncompressed, so it is compressed once, here.
    expect(seen[0]!.headers["accept-encoding"]).toBeUndefined();
  });

  it("is gzipped whole with its length above the size compressed in place, up to the size held", async () => {
    const large = JSON.stringify({
      Rows: Array.from({ length: 2_000 }, (_, i) => ({ id: `row-${i}`, note: randomBytes(12).toString("hex") })),
    });
    expect(large.length).toBeGreaterThan(INLINE_GZIP_BYTES);
    expect(large.length).toBeLessThan(HOLD_BYTES);
    const { url } = await serve(json(large));
    const answer = await get(`${url}/api-gateway/export`, { "accept-encoding": "gzip" });
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(answer.headers["transfer-encoding"]).toBeUndefined();
    expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
    expect(gunzipSync(answer.body).toString()).toBe(large);
  });

  it("goes uncompressed, with its length, to a client that takes no gzip, and when small", async () => {
    const { url } = await serve(json(searchAnswer));
    const asked: Record<string, string>[] = [{}, { "accept-encoding": "gzip;q=0, deflate" }, { "accept-encoding": "identity" }];
    for (const headers of asked) {
      const answer = await get(`${url}/api-gateway/search`, headers);
      expect(answer.headers["content-encoding"], JSON.stringify(headers)).toBeUndefined();
      expect(answer.headers["content-length"]).toBe(String(Buffer.byteLength(searchAnswer)));
      expect(answer.body.toString()).toBe(searchAnswer);
    }
    const small = JSON.stringify({ status: "ok", padding: "x".repeat(COMPRESS_FROM_BYTES - 40) });
    expect(small.length).toBeLessThan(COMPRESS_FROM_BYTES);
    const { url: smallUrl } = await serve(json(small));
    const answer = await get(`${smallUrl}/api/health`, { "accept-encoding": "gzip" });
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.headers["content-length"]).toBe(String(small.length));
    expect(answer.headers.vary).toBe("Accept-Encoding");
  });

  it("is left as the handler encoded it, and uncompressed under Cache-Control: no-transform", async () => {
    const encoded = Buffer.from(searchAnswer);
    const { url } = await serve((res) => {
      res.setHeader("Content-Type", "application/json");
      res.setHeader("Content-Encoding", "identity-but-named");
      res.end(encoded);
    });
    const answer = await get(`${url}/api-gateway/search`, { "accept-encoding": "gzip" });
    expect(answer.headers["content-encoding"]).toBe("identity-but-named");
    expect(answer.body.equals(encoded)).toBe(true);
    const { url: noTransform } = await serve(json(searchAnswer, { "Cache-Control": "no-store, no-transform" }));
    const kept = await get(`${noTransform}/api-gateway/search`, { "accept-encoding": "gzip" });
    expect(kept.headers["content-encoding"]).toBeUndefined();
    expect(kept.body.toString()).toBe(searchAnswer);
  });

  it("keeps the status and headers a handler gives writeHead, and sends a HEAD its headers but no body", async () => {
    const { url } = await serve((res) => {
      res.writeHead(409, { "Content-Type": "application/json", "X-Version": "3" });
      res.end(searchAnswer);
    });
    const answer = await get(`${url}/api-gateway/create`, { "accept-encoding": "gzip" });
    expect(answer.status).toBe(409);
    expect(answer.headers["x-version"]).toBe("3");
    expect(gunzipSync(answer.body).toString()).toBe(searchAnswer);
    const head = await get(`${url}/api-gateway/create`, { "accept-encoding": "gzip" }, "HEAD");
    expect(head.status).toBe(409);
    expect(head.body.length).toBe(0);
    expect(head.headers.vary).toBe("Accept-Encoding");
  });

  it("streams an import's progress lines as they are written", async () => {
    let next!: () => void;
    const secondLine = new Promise<void>((resolve) => (next = resolve));
    const { url } = await serve(async (res) => {
      res.setHeader("Content-Type", "application/x-ndjson; charset=utf-8");
      res.flushHeaders();
      res.write(`${JSON.stringify({ done: 1, of: 2 })}\n`);
      // Held, the first line would never reach the client, which waits for it before letting this go on.
      await secondLine;
      res.end(`${JSON.stringify({ done: 2, of: 2 })}\n`);
    });
    const lines = await new Promise<string[]>((resolve, reject) => {
      const req = httpRequest(`${url}/api/portal/import`, { headers: { "accept-encoding": "gzip" } }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          if (!text) next();
          text += chunk;
        });
        res.on("end", () => resolve(text.trim().split("\n")));
      });
      req.on("error", reject);
      req.end();
    });
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual([
      { done: 1, of: 2 },
      { done: 2, of: 2 },
    ]);
  });

  it("streams an answer larger than it holds, gzipped as it goes, without waiting for its end", async () => {
    const parts = [randomBytes(HOLD_BYTES).toString("base64"), randomBytes(64 * 1024).toString("base64")];
    let next!: () => void;
    const rest = new Promise<void>((resolve) => (next = resolve));
    const { url } = await serve(async (res) => {
      res.setHeader("Content-Type", "text/csv; charset=utf-8");
      res.write(parts[0]);
      // The client sees the first part before the rest is written: nothing waits for the end.
      await rest;
      res.end(parts[1]);
    });
    const answer = await new Promise<Raw>((resolve, reject) => {
      const req = httpRequest(`${url}/api/portal/export`, { headers: { "accept-encoding": "gzip" } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => {
          if (chunks.length === 0) next();
          chunks.push(chunk);
        });
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on("error", reject);
      req.end();
    });
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(answer.headers["content-length"]).toBeUndefined();
    expect(gunzipSync(answer.body).toString()).toBe(parts.join(""));
  });
});

describe("isApiRequest", () => {
  it("takes the API's paths and no page's", () => {
    for (const path of ["/api-gateway/search", "/api/health", "/api", "/api-gateway"]) expect(isApiRequest(path), path).toBe(true);
    for (const path of ["/", "/perks", "/apis", "/api-gateways/x", "/docs/api", "/_next/static/x.js"])
      expect(isApiRequest(path), path).toBe(false);
  });
});
