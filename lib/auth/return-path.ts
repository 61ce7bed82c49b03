/** Where the portal sends a partner after signing in when there is no (usable) `next`. */
export const PORTAL_HOME = "/portal/collections";

const BASE = "http://portal.invalid";

/** The request header in which proxy.ts tells portal layouts which page was asked for. */
export const RETURN_PATH_HEADER = "x-portal-return-path";

/**
 * The `next` return path when it is a page of this site's portal, else PORTAL_HOME. Anything that
 * could leave the site (`//evil.example`, `/\evil.example`, absolute URLs) or reach outside the
 * portal is refused, so a sign-in link can never be turned into an open redirect.
 */
export function safeReturnPath(next: string | string[] | null | undefined): string {
  const raw = Array.isArray(next) ? next[0] : next;
  if (!raw || !raw.startsWith("/") || raw.startsWith("//") || /[\\\u0000-\u001f\u007f]/.test(raw)) return PORTAL_HOME;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return PORTAL_HOME;
  }
  if (url.origin !== BASE) return PORTAL_HOME;
  const inPortal = url.pathname === "/portal" || url.pathname.startsWith("/portal/");
  // The sign-in pages themselves would only send the partner round in a circle.
  const isSignIn = /^\/portal\/sign-(in|up)(\/|$)/.test(url.pathname);
  return inPortal && !isSignIn ? `${url.pathname}${url.search}${url.hash}` : PORTAL_HOME;
}
