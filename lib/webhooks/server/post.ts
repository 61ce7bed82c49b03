import "server-only";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { checkTarget, type TargetPolicy } from "./target";

/** How much of an endpoint's answer is read (kept for the log, shown by a test event). */
export const RESPONSE_BYTES_KEPT = 1_024;

export type PostResult = { durationMs: number; body: string } & (
  { ok: true; status: number } | { ok: false; status: number | null; error: string }
);

/** The target policy, and the whole time one attempt may take (WEBHOOKS_ATTEMPT_TIMEOUT_MS). */
export type PostOptions = TargetPolicy & { timeoutMs: number };

/** What a refused or failed attempt says about the time limit. */
export const timeLimitError = (timeoutMs: number) => `no complete answer within ${timeoutMs / 1000} s`;

/**
 * POSTs one signed event. The URL is checked again now, and the socket connects to the checked
 * address (the `lookup` below answers with it), so a DNS answer that changed since registration
 * cannot send it inward. Redirects are not followed: a 3xx is a failed attempt. The answer's body
 * is read up to RESPONSE_BYTES_KEPT, then the connection is dropped.
 *
 * One deadline covers the whole attempt, from DNS to the last byte: an idle timeout would let a
 * target that sends a byte now and then hold the attempt (and a worker's slot) for as long as it
 * likes. A status that arrived in time counts even if the body was still coming when time ran out.
 */
export async function postEvent(url: string, headers: Record<string, string>, body: string, options: PostOptions): Promise<PostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let expired!: () => void;
  const deadline = new Promise<"expired">((resolve) => (expired = () => resolve("expired")));
  const timer = setTimeout(() => expired(), options.timeoutMs);
  try {
    const target = await Promise.race([checkTarget(url, options), deadline]).catch((error: Error) => error);
    if (target === "expired") return { ok: false, status: null, error: timeLimitError(options.timeoutMs), durationMs: elapsed(), body: "" };
    if (target instanceof Error) return { ok: false, status: null, error: target.message, durationMs: elapsed(), body: "" };
    return await send(target, headers, body, deadline, options.timeoutMs, elapsed);
  } finally {
    clearTimeout(timer);
  }
}

function send(
  target: Awaited<ReturnType<typeof checkTarget>>,
  headers: Record<string, string>,
  body: string,
  deadline: Promise<"expired">,
  timeoutMs: number,
  elapsed: () => number,
): Promise<PostResult> {
  const pinned: LookupFunction = (_host, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = target.url.protocol === "https:" ? https : http;
  return new Promise<PostResult>((resolve) => {
    let status: number | null = null;
    const parts: Buffer[] = [];
    let kept = 0;
    let settled = false;
    const settle = (error?: string) => {
      if (settled) return;
      settled = true;
      const text = Buffer.concat(parts).toString("utf8").slice(0, RESPONSE_BYTES_KEPT);
      const durationMs = elapsed();
      if (status !== null && status >= 200 && status < 300) resolve({ ok: true, status, durationMs, body: text });
      else if (status !== null) {
        resolve({
          ok: false,
          status,
          durationMs,
          body: text,
          error: `HTTP ${status}${text ? `: ${text.replace(/\s+/g, " ").trim()}` : ""}`,
        });
      } else resolve({ ok: false, status: null, durationMs, body: "", error: error ?? "the connection closed without an answer" });
      // Whatever is left of the exchange is dropped now, so no socket outlives its attempt.
      request.destroy();
    };
    const request = client.request(
      target.url,
      {
        method: "POST",
        lookup: pinned,
        // A connection of its own: nothing pooled is shared between targets or outlives the attempt.
        agent: false,
        headers: {
          ...headers,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          "user-agent": "UtilityDataService-Webhooks/1",
        },
      },
      (response) => {
        status = response.statusCode ?? 0;
        response.on("data", (chunk: Buffer) => {
          if (kept < RESPONSE_BYTES_KEPT) parts.push(chunk.subarray(0, RESPONSE_BYTES_KEPT - kept));
          kept += chunk.length;
          if (kept >= RESPONSE_BYTES_KEPT) settle();
        });
        response.on("end", () => settle());
        response.on("error", () => settle());
        response.on("aborted", () => settle());
      },
    );
    void deadline.then(() => settle(timeLimitError(timeoutMs)));
    request.on("error", (error) => settle(error.message));
    request.end(body);
  });
}
