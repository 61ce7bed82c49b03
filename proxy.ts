import { NextResponse, type NextRequest } from "next/server";
import { RETURN_PATH_HEADER } from "@/lib/portal/return-path";

/**
 * A layout is not told which page it wraps, so the signed-in portal layout could only send a
 * signed-out visitor back to /portal. This hands it the page actually asked for; whatever a client
 * sent in the same header is overwritten, and the sign-in page checks the path again anyway.
 */
export function proxy(request: NextRequest) {
  const headers = new Headers(request.headers);
  headers.set(RETURN_PATH_HEADER, `${request.nextUrl.pathname}${request.nextUrl.search}`);
  return NextResponse.next({ request: { headers } });
}

export const config = { matcher: ["/portal/:path*"] };
