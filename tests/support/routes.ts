import { readdirSync } from "node:fs";
import path from "node:path";

/**
 * The app's route handlers, found as Next.js finds them: every `app/**\/route.ts`, its folders
 * making the path (`[id]` one segment, `[...path]` the rest). Tests send requests through this one
 * table, so a route's params reach its handler decoded from the URL, as in the running app.
 * `[[...path]]` also matches no segment at all.
 */
type Handler = (request: Request, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response> | Response;
type Entry = { file: string; segments: string[]; rank: number };

const APP = path.resolve(import.meta.dirname, "../../app");

const table: Entry[] = readdirSync(APP, { recursive: true, encoding: "utf8" })
  .filter((file) => path.basename(file) === "route.ts")
  .map((file) => {
    // Route groups, `(name)`, take no part in the path.
    const segments = path
      .dirname(file)
      .split(path.sep)
      .filter((segment) => segment !== "." && !/^\(.*\)$/.test(segment));
    // Static segments win over dynamic ones, and dynamic ones over a catch-all.
    const rank = segments.reduce((sum, segment) => sum + (/^\[\[?\.\.\./.test(segment) ? 100 : segment.startsWith("[") ? 1 : 0), 0);
    return { file: path.join(APP, file), segments, rank };
  })
  .sort((a, b) => a.rank - b.rank);

function match(entry: Entry, parts: string[]): Record<string, string | string[]> | null {
  const params: Record<string, string | string[]> = {};
  for (const [index, segment] of entry.segments.entries()) {
    const catchAll = segment.match(/^(\[)?\[\.\.\.(.+?)\]\]?$/);
    if (catchAll) {
      const optional = catchAll[1] !== undefined;
      if (index >= parts.length && !optional) return null;
      if (index < parts.length) params[catchAll[2]!] = parts.slice(index).map(decodeURIComponent);
      return params;
    }
    const part = parts[index];
    if (part === undefined) return null;
    const dynamic = segment.match(/^\[(.+)\]$/);
    if (dynamic) params[dynamic[1]!] = decodeURIComponent(part);
    else if (segment !== part) return null;
  }
  return entry.segments.length === parts.length ? params : null;
}

const CODE = /^[a-z]+(_[a-z]+)*$/;

/**
 * Every refusal a test meets is checked here (decision 081): a 4xx of the API or of the portal's
 * routes carries the contract's `error` and a snake_case `code`, and a `field` only as a string.
 * better-auth's own answers under /api/auth (`{message, code}`, no `error`) keep their shape.
 */
async function checkedRefusal(request: Request, response: Response): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (response.status < 400 || response.status >= 500 || !/^\/api(-gateway)?\//.test(pathname)) return response;
  const where = `${request.method} ${pathname} answered ${response.status}`;
  if (!response.headers.get("content-type")?.includes("application/json")) throw new Error(`${where} without a JSON body`);
  const body = (await response.clone().json()) as Record<string, unknown>;
  if (pathname.startsWith("/api/auth/") && !("error" in body)) return response;
  if (typeof body.error !== "string") throw new Error(`${where} without an "error" message: ${JSON.stringify(body)}`);
  if (typeof body.code !== "string" || !CODE.test(body.code))
    throw new Error(`${where} without a snake_case "code": ${JSON.stringify(body)}`);
  if ("field" in body && (typeof body.field !== "string" || body.field === "")) throw new Error(`${where} with a "field" that is no path`);
  return response;
}

/** Hands a request to the route handler that answers its path and method in the app. */
export async function callRoute(request: Request): Promise<Response> {
  const parts = new URL(request.url).pathname.split("/").filter(Boolean);
  for (const entry of table) {
    const params = match(entry, parts);
    if (!params) continue;
    const exports = (await import(entry.file)) as Record<string, Handler | undefined>;
    const handler = exports[request.method];
    if (!handler) throw new Error(`${path.relative(APP, entry.file)} has no ${request.method} handler`);
    return checkedRefusal(request, await handler(request, { params: Promise.resolve(params) }));
  }
  throw new Error(`no route file answers ${new URL(request.url).pathname}`);
}

/** `callRoute` as a `fetch`, for HTTP clients (the typed client) run against the handlers. */
export const fetchRoute: typeof fetch = (input, init) => callRoute(new Request(input as RequestInfo, init));
