import "server-only";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { checkTarget, type TargetPolicy } from "./target";

/** One outbound request under the webhook target policy, with its whole-exchange deadline and body bound. */
export type OutboundRequest = {
  method: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /** The answer is refused (not cut) once its body passes this many bytes. */
  maxBytes: number;
  userAgent: string;
};

export type OutboundAnswer = { status: number; contentType: string; body: Buffer };

export class OutboundRefused extends Error {}

/**
 * The same rules as a webhook delivery (post.ts), for requests whose URL someone else chose (a
 * CCIP-Read gateway an ENS resolver names): the URL is checked now and the socket connects to the
 * checked address, so a name that resolves inward, or a DNS answer that changes, cannot send it to
 * this server's network; redirects are not followed (a 3xx is an answer like any other); one
 * deadline covers DNS to last byte; a body past `maxBytes` is refused, never buffered further.
 */
export async function fetchOutbound(url: string, request: OutboundRequest, policy: TargetPolicy): Promise<OutboundAnswer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), request.timeoutMs);
  const late = () => new OutboundRefused(`no complete answer within ${request.timeoutMs / 1000} s`);
  try {
    const target = await Promise.race([
      checkTarget(url, policy),
      new Promise<never>((_, reject) => controller.signal.addEventListener("abort", () => reject(late()), { once: true })),
    ]);
    const pinned: LookupFunction = (_host, lookupOptions, callback) => {
      if (lookupOptions.all) callback(null, [{ address: target.address, family: target.family }]);
      else callback(null, target.address, target.family);
    };
    const client = target.url.protocol === "https:" ? https : http;
    return await new Promise<OutboundAnswer>((resolve, reject) => {
      const sent = client.request(
        target.url,
        {
          method: request.method,
          lookup: pinned,
          agent: false,
          signal: controller.signal,
          headers: {
            ...request.headers,
            ...(request.body === undefined ? {} : { "content-length": Buffer.byteLength(request.body) }),
            "user-agent": request.userAgent,
          },
        },
        (response) => {
          const parts: Buffer[] = [];
          let size = 0;
          response.on("data", (chunk: Buffer) => {
            size += chunk.length;
            if (size > request.maxBytes) {
              sent.destroy();
              reject(new OutboundRefused(`the answer is larger than ${request.maxBytes} bytes`));
            } else parts.push(chunk);
          });
          response.on("end", () =>
            resolve({ status: response.statusCode ?? 0, contentType: response.headers["content-type"] ?? "", body: Buffer.concat(parts) }),
          );
          response.on("error", reject);
        },
      );
      sent.on("error", (error) => reject(controller.signal.aborted ? late() : error));
      sent.end(request.body);
    });
  } finally {
    clearTimeout(timer);
  }
}
