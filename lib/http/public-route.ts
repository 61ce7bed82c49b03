import "server-only";
import { AppError, TOO_MANY_REQUESTS } from "@/lib/errors";
import { consume, type Bucket } from "@/lib/rate-limit/limiter";
import { clientIp } from "./client-ip";
import { errorResponse, jsonResponse } from "./error-response";

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
      const decision = await consume(bucket, `ip:${clientIp(request)}`);
      headers = {
        "RateLimit-Limit": String(decision.limit),
        "RateLimit-Remaining": String(decision.remaining),
        "RateLimit-Reset": String(decision.resetSeconds),
      };
      if (!decision.allowed) {
        throw new AppError(429, TOO_MANY_REQUESTS, { "Retry-After": String(decision.resetSeconds) });
      }
      return jsonResponse(200, await handler({ request }), headers);
    } catch (error) {
      return errorResponse(error, headers);
    }
  };
}
