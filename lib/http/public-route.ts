import "server-only";
import type { Bucket } from "@/lib/rate-limit/limiter";
import { clientIp } from "./client-ip";
import { errorResponse, jsonResponse } from "./error-response";
import { enforceRateLimit } from "./rate-limit";

type Handler = (input: { request: Request }) => Promise<unknown>;

/**
 * Wraps the routes the public pages call from the browser. Visitors have no API key, so the
 * budget is per client IP, shared with keyless gateway calls; otherwise it answers like
 * `apiRoute`: RateLimit headers on every answer, errors through `errorResponse`.
 */
export function publicRoute(bucket: Bucket, handler: Handler) {
  return async (request: Request): Promise<Response> => {
    let headers: Record<string, string> = {};
    try {
      headers = await enforceRateLimit(bucket, `ip:${clientIp(request)}`);
      return jsonResponse(200, await handler({ request }), headers);
    } catch (error) {
      return errorResponse(error, headers);
    }
  };
}
