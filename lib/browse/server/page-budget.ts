import "server-only";
import { createHash } from "node:crypto";
import { clientIp } from "@/lib/rate-limit/client-ip";
import { countRateLimitRefusal } from "@/lib/observability/refusals";
import { consume } from "@/lib/rate-limit/limiter";
import { SEARCH_PAGES } from "@/lib/http/public-pages.mjs";

/**
 * A wallet's page (`/wallet/<address>`) reads its perks on every render, as `/api/wallets/…/perks`
 * does; a collection's page (`/collections/<id>`) reads the collection and its perks, as the
 * gateway's retrieval does, and spends the same client address's read budget.
 */
const SEARCH_PAGE_PREFIXES: readonly string[] = ["/wallet/", "/collections/"];

const STYLE =
  "body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#0f172a;background:#fff}" +
  "main{max-width:36rem;margin:0 auto;padding:4rem 1.5rem}h1{font-size:1.75rem;margin:0 0 1rem}" +
  "a{color:#4338ca}@media (prefers-color-scheme:dark){body{color:#e2e8f0;background:#020617}a{color:#a5b4fc}}";
const STYLE_HASH = `'sha256-${createHash("sha256").update(STYLE).digest("base64")}'`;

/** The 429 page: plain HTML with its own style and no script, since the app's pages are not rendered for it. */
function tooManySearches(retryAfter: number): Response {
  const wait = retryAfter === 1 ? "a second" : `${retryAfter} seconds`;
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>Too many searches · Utility Data Service</title><style>${STYLE}</style></head><body><main>` +
    `<h1>Too many searches</h1><p>More searches came from your network in the last minute than we answer. ` +
    `Please wait ${wait}, then reload the page.</p><p><a href="/">Back to the perk browser</a></p></main></body></html>`;
  return new Response(html, {
    status: 429,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Retry-After": String(retryAfter),
      "Cache-Control": "no-store",
      "Content-Security-Policy": `default-src 'none'; style-src ${STYLE_HASH}; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`,
    },
  });
}

/**
 * Spends one search from the client address's read budget, the one `/api/search` spends, when
 * `pathname` is a search page; past the budget, the 429 page with `Retry-After`. Otherwise null:
 * varying a parameter defeats the short search cache, so without this a page was a budget-free
 * way to run searches.
 */
export async function spendPageSearch(request: Request, pathname: string): Promise<Response | null> {
  if (!SEARCH_PAGES.includes(pathname) && !SEARCH_PAGE_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return null;
  const decision = await consume("read", `ip:${clientIp(request)}`);
  if (decision.allowed) return null;
  countRateLimitRefusal("read");
  return tooManySearches(decision.resetSeconds);
}
