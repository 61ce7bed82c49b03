import { DELETE as deletePerkRoute } from "@/app/api-gateway/collections/[id]/perks/[perkId]/route";
import { GET as retrieveRoute } from "@/app/api-gateway/collections/[id]/route";
import { POST as createRoute } from "@/app/api-gateway/create/route";
import { GET as openApiRoute } from "@/app/api-gateway/openapi.json/route";
import { GET as searchRoute } from "@/app/api-gateway/search/route";

const noParams = { params: Promise.resolve({}) as Promise<Record<string, never>> };

/**
 * A `fetch` that hands each request to the app's own route handlers, as Next.js would: lets an
 * HTTP client (the typed client) run against the API without a server.
 */
export const dispatchToRoutes: typeof fetch = async (input, init) => {
  const request = new Request(input as RequestInfo, init);
  const { pathname } = new URL(request.url);
  const collection = pathname.match(/^\/api-gateway\/collections\/([^/]+)$/);
  if (pathname === "/api-gateway/create" && request.method === "POST") return createRoute(request, noParams);
  if (pathname === "/api-gateway/search" && request.method === "GET") return searchRoute(request, noParams);
  if (pathname === "/api-gateway/openapi.json" && request.method === "GET") return openApiRoute();
  const perk = pathname.match(/^\/api-gateway\/collections\/([^/]+)\/perks\/([^/]+)$/);
  if (perk && request.method === "DELETE") {
    const [id, perkId] = [decodeURIComponent(perk[1]!), decodeURIComponent(perk[2]!)];
    return deletePerkRoute(request, { params: Promise.resolve({ id, perkId }) });
  }
  if (collection && request.method === "GET") {
    return retrieveRoute(request, { params: Promise.resolve({ id: decodeURIComponent(collection[1]!) }) });
  }
  return Response.json({ error: `no such route: ${request.method} ${pathname}` }, { status: 404 });
};
