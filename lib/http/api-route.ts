import "server-only";
import { authenticate, type Caller } from "@/lib/auth/api-keys";
import { takeSnapshot, type Snapshot } from "@/lib/db/read-cache";
import { AppError, BAD_API_KEY } from "@/lib/errors";
import type { Bucket } from "@/lib/rate-limit/limiter";
import { clientIp } from "./client-ip";
import { errorResponse, jsonResponse } from "./error-response";
import { JsonReply } from "./json-reply";
import { enforceRateLimit } from "./rate-limit";

type RouteContext<Params> = { params: Promise<Params> };
type Handler<Params> = (input: { caller: Caller; request: Request; params: Params; snapshot: Snapshot }) => Promise<unknown>;

/**
 * Wraps every /api-gateway handler: API key, then the caller's rate limit (per key, or per IP
 * without a valid key), then the handler, whose result is sent as JSON. Every answer, errors
 * included, carries the RateLimit headers and goes through `errorResponse`.
 */
export function apiRoute<Params = Record<string, never>>(bucket: Bucket, handler: Handler<Params>) {
  return async (request: Request, context: RouteContext<Params>): Promise<Response> => {
    let headers: Record<string, string> = {};
    try {
      // One snapshot per request: the key lookup and the handler's reads are cached under it.
      const snapshot = await takeSnapshot();
      const caller = await authenticate(request.headers.get("authorization"), snapshot);
      headers = await enforceRateLimit(bucket, caller ? `key:${caller.keyId}` : `ip:${clientIp(request)}`);
      if (!caller) throw new AppError(401, BAD_API_KEY);
      const result = await handler({ caller, request, params: await context.params, snapshot });
      if (result instanceof JsonReply) return jsonResponse(200, result.body, { ...headers, ...result.headers });
      return jsonResponse(200, result, headers);
    } catch (error) {
      return errorResponse(error, headers);
    }
  };
}
