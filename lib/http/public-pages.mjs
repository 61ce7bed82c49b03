// What a shared cache (a CDN, nginx, Varnish) may keep of the public pages, decided in one place:
// the production server (server.mjs) runs every answer to an anonymous public page through
// here. Plain JavaScript, as server.mjs loads it outside Next.js's bundles
// (docs/decisions/071-cacheable-pages-carry-script-hashes.md, 072-public-pages-for-shared-caches.md).
import { createHash } from "node:crypto";

/** N: how long a shared cache may serve a public page without asking again. */
export const PUBLIC_MAX_AGE = 10;
/** M: how much longer it may serve it stale while it fetches the next copy. N + M bounds an edit's delay. */
export const PUBLIC_STALE = 20;
/** A 404 (unknown or deleted id) is kept briefly: a collection created after it shows within this. */
export const NOT_FOUND_MAX_AGE = 5;

export const PUBLIC_CACHE_CONTROL = `public, max-age=0, s-maxage=${PUBLIC_MAX_AGE}, stale-while-revalidate=${PUBLIC_STALE}`;
export const NOT_FOUND_CACHE_CONTROL = `public, max-age=0, s-maxage=${NOT_FOUND_MAX_AGE}`;
export const PRIVATE_CACHE_CONTROL = "private, no-store";
/**
 * Who asks changes nothing in a public answer, but a cache that honours Vary must still never hand
 * the anonymous copy to a request carrying a session or a key (nor store one it answered).
 */
export const PUBLIC_VARY = ["Accept-Encoding", "Cookie", "Authorization"];

/**
 * The pages that run a search (facets included) on every render: the browser and perk discovery.
 * Their read budget, how long the origin keeps them and their stamp follow from it.
 * @type {readonly string[]}
 */
export const SEARCH_PAGES = ["/", "/perks"];

/** The public pages: browse, perks, docs, the wallet lookup and a wallet's perks, a collection. */
const PUBLIC_PATH = /^\/(?:perks|docs|wallet|wallet\/[^/]+|collections\/[^/]+)?$/;

/**
 * A request URL's path, without its query or fragment.
 * @param {string} url
 */
export function pathOf(url) {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

function decodesCleanly(path) {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether a request may get (and fill) the shared copy: a GET or HEAD of a public page's path,
 * well formed, from someone who sends neither a cookie nor an Authorization header.
 * @param {{ method?: string, url?: string, headers: Record<string, string | string[] | undefined> }} req
 */
export function isAnonymousPublicPage(req) {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if (req.headers.cookie !== undefined || req.headers.authorization !== undefined) return false;
  const url = req.url ?? "/";
  return PUBLIC_PATH.test(pathOf(url)) && decodesCleanly(url);
}

const sha256 = (text) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A rendered page made fit for everyone: Next.js put this render's nonce on each script it wrote,
 * so exactly those inline scripts are hashed (a script that reached the markup any other way has
 * no nonce and gets no hash), the nonce is taken off the tags, and the policy names the hashes
 * instead. The RSC payload still spells the nonce out for the tags React recreates: inert, as the
 * policy accepts no nonce. `script-src` keeps `'self'` for the site's own script files and drops
 * `'strict-dynamic'`, under which `'self'` would no longer count.
 * @param {string} html
 * @param {string} policy the nonce policy proxy.ts set for this render
 * @returns {{ html: string, policy: string } | null} null when the policy holds no nonce
 */
export function hashInlineScripts(html, policy) {
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  if (!nonce) return null;
  const marked = new RegExp(`\\snonce="${escapeRegExp(nonce)}"`);
  const hashes = new Set();
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (marked.test(attributes) && !/\ssrc=/.test(attributes)) hashes.add(sha256(body));
  }
  const scriptSource = ["'self'", ...hashes].join(" ");
  return {
    html: html.replace(new RegExp(marked.source, "g"), ""),
    policy: policy.replace(/script-src [^;]*/, (directive) =>
      directive
        .replace(/ 'nonce-[^']+'/, "")
        .replace(/ 'strict-dynamic'/, "")
        .replace(/^script-src 'self'/, `script-src ${scriptSource}`),
    ),
  };
}

/** A typed URL tidied into its usual form (`/perks?page=2` → `?pageNum=2`) depends on the URL alone. */
const REDIRECTS = new Set([301, 302, 307, 308]);

/**
 * The Cache-Control of an answer to an anonymous public page, by what it turned out to be: a page,
 * a redirect to the tidy form of its URL, or its 404, unless it sets a cookie; anything else (429,
 * errors) is private.
 * @param {number} status
 * @param {boolean} setsCookie
 */
export function publicCacheControl(status, setsCookie) {
  if (setsCookie) return PRIVATE_CACHE_CONTROL;
  if (status === 200 || REDIRECTS.has(status)) return PUBLIC_CACHE_CONTROL;
  if (status === 404) return NOT_FOUND_CACHE_CONTROL;
  return PRIVATE_CACHE_CONTROL;
}
