import { NextResponse, type NextRequest } from "next/server";
import { spendPageSearch } from "@/lib/browse/server/page-budget";
import { pageContentSecurityPolicy } from "@/lib/http/server/content-security-policy";
import { mapTileOrigin } from "@/lib/perks/map-tiles";
import { RETURN_PATH_HEADER } from "@/lib/auth/return-path";
import { errorBody } from "@/lib/errors";

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
 * Gateway paths come here only when they hold a percent sign (the matcher below): one that does
 * not decode gets the API's JSON 400 instead of Next.js's own. Route modules answer the gateway's
 * 404s and 405s themselves (lib/http/server/gateway-routes.ts).
 */
function gatewayProxy(request: NextRequest) {
  if (decodesCleanly(request.nextUrl.pathname)) return NextResponse.next();
  return NextResponse.json(errorBody(400, "path: malformed percent-encoding"), { status: 400, headers: { "Cache-Control": "no-store" } });
}

/**
 * Runs before every page render:
 * - a fresh script nonce and the Content-Security-Policy naming it (Next.js reads the nonce for
 *   its own scripts from the request's policy header). For an anonymous public page the production
 *   server then trades the nonce for hashes of the scripts that carry it, so a shared cache can
 *   keep the page (server.mjs, docs/decisions/071);
 * - for portal pages, the path asked for, because a layout is not told which page it wraps and
 *   the signed-in layout must send a signed-out visitor back there after sign-in. Whatever a
 *   client sent in that header is overwritten, and the sign-in page checks the path again anyway;
 * - for the pages that search or read a record (`/`, `/perks`, `/wallet/<address>`,
 *   `/collections/<id>`), the client address's read budget, the one
 *   `/api/search` spends: past it, a 429 page with Retry-After, since a page rendered by Next.js
 *   cannot choose its own status (lib/browse/server/page-budget.ts).
 */
export async function proxy(request: NextRequest) {
  if (request.nextUrl.pathname.startsWith("/api-gateway/")) return gatewayProxy(request);
  const refused = await spendPageSearch(request, request.nextUrl.pathname);
  if (refused) return refused;
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const perksPage = request.nextUrl.pathname === "/perks";
  const policy = pageContentSecurityPolicy(nonce, process.env.NODE_ENV === "development", perksPage ? mapTileOrigin() : undefined);
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  headers.set("content-security-policy", policy);
  headers.delete(RETURN_PATH_HEADER);
  if (request.nextUrl.pathname.startsWith("/portal")) {
    headers.set(RETURN_PATH_HEADER, `${request.nextUrl.pathname}${request.nextUrl.search}`);
  }
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", policy);
  return response;
}

export const config = {
  // Pages, and gateway paths that may not decode. API routes carry their own static policy
  // (next.config.js), and static assets none (public/: favicon.ico, icon.svg, icon-*.png,
  // apple-touch-icon.png, og-image.png, robots.txt, manifest.webmanifest).
  matcher: [
    "/api-gateway/:path(.*%.*)",
    // The search pages, prefetch requests too: a header must not be a way around their budget.
    "/",
    "/perks",
    "/wallet/:address",
    "/collections/:id",
    {
      source:
        "/((?!api/|api-gateway/|api-gateway$|_next/static|_next/image|favicon.ico|icon|apple-touch-icon.png|og-image.png|robots.txt|manifest.webmanifest).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
