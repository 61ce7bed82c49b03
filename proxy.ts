import { NextResponse, type NextRequest } from "next/server";
import { pageContentSecurityPolicy } from "@/lib/http/content-security-policy";

/** Gives every page render a fresh script nonce and the CSP that names it. */
export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const policy = pageContentSecurityPolicy(nonce, process.env.NODE_ENV === "development");
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  // Next.js reads the nonce for its own scripts from the request's policy header.
  headers.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", policy);
  return response;
}

export const config = {
  // Pages only: API routes carry their own static policy (next.config.js), and static assets none.
  matcher: [
    {
      source: "/((?!api/|api-gateway/|_next/static|_next/image|favicon.ico|icon|robots.txt).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
