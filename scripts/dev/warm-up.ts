import type { DevClock } from "./steps";

export type WarmRoute = { path: string; key?: string };

/**
 * The routes a person reaches in their first hour, in the order they are likely to: the public
 * pages, the portal up to its signed-in pages (without a session those redirect to sign-in, but
 * the dev server compiles them all the same: members, webhooks, import and claims among them),
 * then the routes the pages and the API call.
 */
export function warmRoutes(collectionId: string | null, key: string | null): WarmRoute[] {
  const id = collectionId ? encodeURIComponent(collectionId) : null;
  const withKey = key ? { key } : {};
  return [
    { path: "/" },
    { path: "/perks" },
    ...(id ? [{ path: `/collections/${id}` }] : []),
    { path: "/portal" },
    { path: "/portal/sign-in" },
    { path: "/portal/sign-up" },
    { path: "/portal/collections" },
    { path: "/portal/collections/new" },
    ...(id ? [{ path: `/portal/collections/${id}` }, { path: `/portal/collections/${id}/claims` }] : []),
    { path: "/portal/keys" },
    { path: "/portal/members" },
    { path: "/portal/webhooks" },
    { path: "/portal/import" },
    { path: "/wallet" },
    { path: "/api/auth/get-session" },
    { path: "/api/search?query=club" },
    { path: "/api/perks" },
    { path: "/api/portal/collections" },
    { path: "/api/portal/team" },
    { path: "/api/portal/webhooks" },
    { path: "/api/portal/import" },
    ...(id
      ? [
          // Without a session these answer 401 or 405, which compiles them all the same: the editor's
          // history, chain and claims reads, the collection's delete and a perk's removal.
          { path: `/api/portal/collections/${id}` },
          { path: `/api/portal/collections/${id}/history` },
          { path: `/api/portal/collections/${id}/chain` },
          { path: `/api/portal/collections/${id}/claims` },
          { path: `/api/portal/collections/${id}/perks/warm-up` },
        ]
      : []),
    { path: "/api-gateway/search?query=club", ...withKey },
    ...(id ? [{ path: `/api-gateway/collections/${id}`, ...withKey }] : []),
    // A GET answers 405, which is enough to compile the create route.
    { path: "/api-gateway/create", ...withKey },
  ];
}

/**
 * Asks for each route once, one after the other, so the dev server compiles it before a person
 * does (the first page first: a visitor's request for it shares the one compilation). Returns the
 * routes that could not be reached; any HTTP status counts as warmed.
 */
export async function warmUp(origin: string, routes: WarmRoute[], clock: DevClock, signal?: AbortSignal): Promise<string[]> {
  const failed: string[] = [];
  for (const route of routes) {
    if (signal?.aborted) break;
    const began = clock.seconds();
    try {
      const response = await fetch(`${origin}${route.path}`, {
        redirect: "manual",
        headers: route.key ? { authorization: `Bearer ${route.key}` } : {},
        signal: AbortSignal.any([AbortSignal.timeout(300_000), ...(signal ? [signal] : [])]),
      });
      await response.arrayBuffer();
      clock.log(`warmed ${route.path}: ${response.status} in ${(clock.seconds() - began).toFixed(1)} s`);
    } catch (error) {
      if (signal?.aborted) break;
      failed.push(route.path);
      clock.log(`could not warm ${route.path}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return failed;
}
