import "server-only";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";

export const CROSS_ORIGIN = "Cross-origin request refused";

/**
 * CSRF guard for cookie-authenticated mutations: browsers always send `Origin` on a cross-site
 * POST/DELETE, so it must name this site (the Host the request came to, or BETTER_AUTH_URL).
 * SameSite=Lax cookies already stop most cross-site sends; this also covers same-site subdomains.
 */
export function assertSameOrigin(request: Request): void {
  const origin = request.headers.get("origin");
  let originHost: string | null = null;
  try {
    originHost = origin ? new URL(origin).host : null;
  } catch {
    originHost = null;
  }
  const hosts = [request.headers.get("x-forwarded-host"), request.headers.get("host"), new URL(request.url).host];
  const publicUrl = env().BETTER_AUTH_URL;
  if (publicUrl) hosts.push(new URL(publicUrl).host);
  if (!originHost || !hosts.includes(originHost)) throw new AppError(403, CROSS_ORIGIN);
}
