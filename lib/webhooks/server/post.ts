import "server-only";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { checkTarget, type TargetPolicy } from "./target";

/** How long an endpoint has to answer, and how much of its answer is read (kept for the log). */
export const DELIVERY_TIMEOUT_MS = 10_000;
export const RESPONSE_BYTES_KEPT = 1_024;

export type PostResult = { ok: true; status: number } | { ok: false; status: number | null; error: string };

/**
 * POSTs one signed event. The URL is checked again now, and the socket connects to the checked
 * address (the `lookup` below answers with it), so a DNS answer that changed since registration
 * cannot send it inward. Redirects are not followed: a 3xx is a failed attempt. The answer's body
 * is read up to RESPONSE_BYTES_KEPT, then the connection is dropped.
 */
export async function postEvent(url: string, headers: Record<string, string>, body: string, policy: TargetPolicy): Promise<PostResult> {
  let target: Awaited<ReturnType<typeof checkTarget>>;
  try {
    target = await checkTarget(url, policy);
  } catch (error) {
    return { ok: false, status: null, error: (error as Error).message };
  }
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = target.url.protocol === "https:" ? https : http;
  return new Promise<PostResult>((resolve) => {
    const request = client.request(
      target.url,
      {
        method: "POST",
        lookup: pinned,
        timeout: DELIVERY_TIMEOUT_MS,
        headers: {
          ...headers,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          "user-agent": "UtilityDataService-Webhooks/1",
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const parts: Buffer[] = [];
        let kept = 0;
        const finish = () => {
          const text = Buffer.concat(parts).toString("utf8").slice(0, RESPONSE_BYTES_KEPT);
          if (status >= 200 && status < 300) resolve({ ok: true, status });
          else resolve({ ok: false, status, error: `HTTP ${status}${text ? `: ${text.replace(/\s+/g, " ").trim()}` : ""}` });
        };
        response.on("data", (chunk: Buffer) => {
          if (kept < RESPONSE_BYTES_KEPT) parts.push(chunk.subarray(0, RESPONSE_BYTES_KEPT - kept));
          kept += chunk.length;
          if (kept >= RESPONSE_BYTES_KEPT) {
            response.destroy();
            finish();
          }
        });
        response.on("end", finish);
        response.on("error", finish);
      },
    );
    request.on("timeout", () => request.destroy(new Error(`no answer within ${DELIVERY_TIMEOUT_MS / 1000} s`)));
    request.on("error", (error) => resolve({ ok: false, status: null, error: error.message }));
    request.end(body);
  });
}
