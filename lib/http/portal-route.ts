import "server-only";
import { sessionUser, type PortalUser } from "@/lib/auth/session";
import { AppError } from "@/lib/errors";
import type { Bucket } from "@/lib/rate-limit/limiter";
import { errorResponse, jsonResponse } from "./error-response";
import { enforceRateLimit } from "./rate-limit";
import { assertSameOrigin } from "./same-origin";

export const SIGN_IN_REQUIRED = "Sign in to continue";

type RouteContext<Params> = { params: Promise<Params> };
type Handler<Params> = (input: { user: PortalUser; request: Request; params: Params }) => Promise<unknown>;

/**
 * Wraps the routes the signed-in portal calls: same-origin check on mutations, the session
 * cookie, the partner's rate limit (the API's budgets, keyed by account), then the handler.
 * Answers are JSON and never cached, errors as the API's.
 */
export function portalRoute<Params = Record<string, never>>(bucket: Bucket, handler: Handler<Params>) {
  return async (request: Request, context: RouteContext<Params>): Promise<Response> => {
    let headers: Record<string, string> = {};
    try {
      if (request.method !== "GET" && request.method !== "HEAD") assertSameOrigin(request);
      const user = await sessionUser(request.headers);
      if (!user) throw new AppError(401, SIGN_IN_REQUIRED);
      headers = await enforceRateLimit(bucket, `user:${user.id}`);
      return jsonResponse(200, await handler({ user, request, params: await context.params }), headers);
    } catch (error) {
      return errorResponse(error, headers);
    }
  };
}
