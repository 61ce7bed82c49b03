/**
 * The /api-gateway routes and the methods each answers: the one table the proxy uses to answer
 * 405 (with `Allow`) and 404 in the API's JSON error format before Next.js would answer them
 * itself (an empty 405, a text/plain 500 for TRACE). A new route or method is added here too.
 * No `server-only`: the proxy imports it.
 */
const ID = "[^/]+";

export const GATEWAY_ROUTES: readonly { pattern: RegExp; methods: readonly string[] }[] = [
  { pattern: /^\/api-gateway\/create$/, methods: ["POST"] },
  { pattern: /^\/api-gateway\/search$/, methods: ["GET", "HEAD"] },
  { pattern: /^\/api-gateway\/perks$/, methods: ["GET", "HEAD"] },
  { pattern: /^\/api-gateway\/openapi\.json$/, methods: ["GET", "HEAD"] },
  { pattern: new RegExp(`^/api-gateway/collections/${ID}$`), methods: ["GET", "HEAD", "DELETE"] },
  { pattern: new RegExp(`^/api-gateway/collections/${ID}/history$`), methods: ["GET", "HEAD"] },
  { pattern: new RegExp(`^/api-gateway/collections/${ID}/perks/${ID}$`), methods: ["DELETE"] },
];

export type GatewayDecision = { status: 400 | 404; error: string } | { status: 405; error: string; allow: string } | null;

/** Every segment must decode: `%FF` or a lone `%` is a malformed path, not an unknown id. */
function decodesCleanly(pathname: string): boolean {
  try {
    pathname.split("/").forEach((segment) => decodeURIComponent(segment));
    return true;
  } catch {
    return false;
  }
}

/**
 * What the gateway answers before any handler runs: null lets the request through to its route;
 * otherwise the status and message (and `Allow` for a 405). OPTIONS is Next.js's own answer
 * (204 with `Allow`) on known routes.
 */
export function gatewayPreflight(method: string, pathname: string): GatewayDecision {
  if (!decodesCleanly(pathname)) return { status: 400, error: "path: malformed percent-encoding" };
  const route = GATEWAY_ROUTES.find((candidate) => candidate.pattern.test(pathname));
  if (!route) return { status: 404, error: `no such route: ${method} ${pathname}` };
  if (route.methods.includes(method) || method === "OPTIONS") return null;
  const allow = [...route.methods, "OPTIONS"].join(", ");
  return { status: 405, error: `method ${method} not allowed; allowed: ${allow}`, allow };
}
