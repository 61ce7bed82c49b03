import { createServer, request as httpRequest, type IncomingMessage, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach } from "vitest";

export type Raw = { status: number; headers: IncomingMessage["headers"]; body: Buffer };

/** The answer as sent, not decoded (fetch would undo the gzip and hide the length). */
export function sendRaw(url: string, headers: Record<string, string> = {}, method = "GET"): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

/**
 * Starts node:http servers on loopback for a test file's tests, each closed after its test, with
 * the connections it holds: a held answer a test waited on in vain must not keep it open.
 */
export function localServers(): (listener: RequestListener) => Promise<string> {
  const open = new Set<Server>();
  afterEach(async () => {
    await Promise.all(
      [...open].map(
        (server) =>
          new Promise<void>((resolve) => {
            server.closeAllConnections();
            server.close(() => resolve());
          }),
      ),
    );
    open.clear();
  });
  return async (listener) => {
    const server = createServer(listener);
    open.add(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
}
