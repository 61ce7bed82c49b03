/**
 * The pages' Content-Security-Policy. Scripts run only with this response's nonce (Next.js puts
 * it on its own scripts when it finds it in the request's CSP header), so stored text that slips
 * into markup can never execute. Partner images come from any http(s) host; inline style
 * attributes are allowed because they cannot run code. `unsafe-eval` is only for `next dev`,
 * whose React tooling needs it. The perks page shows no partner images, only map tiles: there
 * images come from the site and the configured tile host (`mapImageOrigin`) alone.
 */
export function pageContentSecurityPolicy(nonce: string, development: boolean, mapImageOrigin?: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    mapImageOrigin ? `img-src 'self' data: blob: ${mapImageOrigin}` : "img-src 'self' data: blob: https: http:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
