import "server-only";
import { errorBody } from "@/lib/errors";
import { jsonResponse } from "./error-response";

/**
 * How /api-gateway route modules answer what Next.js would otherwise answer outside the API's
 * error contract (an empty 405): through `gatewayMethods`. Unknown paths reach the catch-all route
 * (`unknownRoute`), and the proxy sees only paths with a percent sign, for the 400 of one that does
 * not decode: running the proxy on every API request cost more Node CPU than a search's own
 * domain work (docs/performance.md, decision 044).
 */

type Handler<C> = (request: Request, context: C) => Response | Promise<Response>;
type Taken<C> = { GET?: Handler<C>; POST?: Handler<C>; DELETE?: Handler<C> };

/**
 * Every method's export for a gateway route module: the handlers it takes (HEAD answered by GET,
 * as Next.js does), the JSON 405 with `Allow` for every other method, and OPTIONS as 204 with
 * the same `Allow`.
 */
export function gatewayMethods<C>(taken: Taken<C>) {
  const allowed = [...(taken.GET ? ["GET", "HEAD"] : []), ...(taken.POST ? ["POST"] : []), ...(taken.DELETE ? ["DELETE"] : []), "OPTIONS"];
  const allow = allowed.join(", ");
  const refuse = (request: Request) =>
    jsonResponse(405, errorBody(405, `method ${request.method} not allowed; allowed: ${allow}`), { Allow: allow });
  return {
    GET: taken.GET ?? refuse,
    HEAD: taken.GET ?? refuse,
    POST: taken.POST ?? refuse,
    PUT: refuse,
    PATCH: refuse,
    DELETE: taken.DELETE ?? refuse,
    OPTIONS: () => new Response(null, { status: 204, headers: { Allow: allow } }),
  };
}

/** The catch-all's answer for every method: the path names no route. */
export const unknownRoute = (request: Request) =>
  jsonResponse(404, errorBody(404, `no such route: ${request.method} ${new URL(request.url).pathname}`));
