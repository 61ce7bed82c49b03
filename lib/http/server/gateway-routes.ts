/**
 * How the /api-gateway answers what Next.js would otherwise answer outside the API's error
 * contract (an empty 405, its own 400 for a path that does not decode). Route modules answer
 * their methods through `gatewayMethods`, unknown paths reach the catch-all route, and the proxy
 * sees only paths with a percent sign, the only ones that can fail to decode: running the proxy on
 * every API request cost more Node CPU than a search's own domain work (docs/performance.md).
 * No `server-only`: the proxy imports it.
 */

type Handler<C> = (request: Request, context: C) => Response | Promise<Response>;
type Taken<C> = { GET?: Handler<C>; POST?: Handler<C>; DELETE?: Handler<C> };

function jsonError(status: number, error: string, headers: Record<string, string> = {}): Response {
  return Response.json({ error }, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

/**
 * Every method's export for a gateway route module: the handlers it takes (HEAD answered by GET,
 * as Next.js does), the JSON 405 with `Allow` for every other method, and OPTIONS as 204 with
 * the same `Allow`.
 */
export function gatewayMethods<C>(taken: Taken<C>) {
  const allowed = [...(taken.GET ? ["GET", "HEAD"] : []), ...(taken.POST ? ["POST"] : []), ...(taken.DELETE ? ["DELETE"] : []), "OPTIONS"];
  const allow = allowed.join(", ");
  const refuse = (request: Request) => jsonError(405, `method ${request.method} not allowed; allowed: ${allow}`, { Allow: allow });
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
export const unknownRoute = (request: Request) => jsonError(404, `no such route: ${request.method} ${new URL(request.url).pathname}`);

/** Every segment must decode: `%FF` or a lone `%` is a malformed path, not an unknown id. */
function decodesCleanly(pathname: string): boolean {
  try {
    pathname.split("/").forEach((segment) => decodeURIComponent(segment));
    return true;
  } catch {
    return false;
  }
}

/** The proxy's answer for a gateway path: the 400 for one that does not decode, null to let it through. */
export function malformedPath(pathname: string): Response | null {
  return decodesCleanly(pathname) ? null : jsonError(400, "path: malformed percent-encoding");
}
