import { errorBody } from "@/lib/errors";
/**
 * How long a shared cache may keep a syndicated answer (sitemaps, feeds, calendars, cards): the
 * same bound as the public pages, so a collection deleted or changed leaves every copy within
 * 30 s, and a cache may serve the old copy while it asks again.
 */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=30, stale-while-revalidate=30";

/** A syndicated document with its media type and the public cache bound. */
export function syndicated(body: string, contentType: string, extra: Record<string, string> = {}): Response {
  return new Response(body, { headers: { "content-type": contentType, "cache-control": PUBLIC_CACHE_CONTROL, ...extra } });
}

/** The 404 of a syndicated URL: plain words in the API's `{"error"}` shape, never cached long. */
export function notSyndicated(what: string): Response {
  return Response.json(errorBody(404, `${what} not found`), { status: 404, headers: { "cache-control": "no-store" } });
}
