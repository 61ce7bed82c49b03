import "server-only";
import type { IncomingMessage } from "node:http";
import { LRUCache } from "lru-cache";
import type { FoundPage, KeptPage, PageKeeper } from "@/lib/http/public-page-response.mjs";
import { pathOf, SEARCH_PAGES } from "@/lib/http/public-pages.mjs";
import { factsOf, REQUEST_KEY_HEADER } from "@/lib/observability/request-facts";
import { SOCKET_ADDRESS_HEADER } from "@/lib/rate-limit/client-ip";
import { processSlot } from "@/lib/process-slot";

/**
 * Anonymous public pages kept at the origin (docs/decisions/094): a page's finished answer is
 * reused while the stamp of the data it shows is unchanged (`pageStamp`: the rows a collection
 * page shows were written by no transaction since, on any instance), so it is what a new render
 * would show; and for at most `maxAgeMs`, for what a page takes from the clock (a perk turning Past).
 * The production server (server.mjs) looks pages up here before Next.js renders them and stores
 * each public answer it finishes (lib/http/public-page-response.mjs).
 */
export const KEPT_PAGES_SLOT = "kept-pages";

/**
 * The pages kept: a collection (and the 404 of an unknown id) and the docs, by the stamp of what
 * they show; the browser and perk discovery, whose search answers may be reused across commits
 * for SEARCH_CACHE_MS (lib/db/read-cache.ts), no longer than those answers would be
 * (`SEARCH_PAGES`). A wallet's page follows the chain and its delegations too: not kept.
 */
const STAMPED_PATH = /^\/(?:docs|collections\/[^/]+)$/;
const isKept = (path: string) => SEARCH_PAGES.includes(path) || STAMPED_PATH.test(path);

/** Request headers the read budget's address is taken from (lib/rate-limit/client-ip.ts). */
const ADDRESS_HEADERS = [SOCKET_ADDRESS_HEADER, "x-forwarded-for"];

export type KeeperOptions = {
  maxAgeMs: number;
  maxBytes: number;
  /** The stamp of the data the page at `path` shows now (lib/http/server/page-stamps.ts); "": none, nothing is kept. */
  stamp: (path: string) => Promise<string>;
  /** The read budget a rendered search page spends: a 429 answer past it, else null. */
  spend: (request: Request, pathname: string) => Promise<Response | null>;
  /** Until when (epoch ms) the render that answered `req` noted its page may be shown again; undefined if it noted nothing. */
  freshUntil?: (req: IncomingMessage) => number | undefined;
};

/** What the render of a request noted for the production server (lib/observability/request-facts.ts). */
function notedFreshUntil(req: IncomingMessage): number | undefined {
  const id = req.headers[REQUEST_KEY_HEADER];
  return typeof id === "string" ? factsOf(id)?.freshUntil : undefined;
}

/** Room a page takes: its markup, and about as much again for its brotli and gzip copies. */
const sizeOf = (page: KeptPage) => Math.ceil(page.html.length * 1.3) + 1024;

/** The part of a Node.js request the read budget looks at, as the Request the proxy is given. */
function budgetRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const name of ADDRESS_HEADERS) {
    const value = req.headers[name];
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  return new Request(`http://127.0.0.1${req.url ?? "/"}`, { headers });
}

export function createPageKeeper({ maxAgeMs, maxBytes, stamp, spend, freshUntil = notedFreshUntil }: KeeperOptions): PageKeeper {
  const pages = new LRUCache<string, KeptPage>({ maxSize: maxBytes, sizeCalculation: sizeOf, ttl: maxAgeMs });
  /**
   * Renders under way, by key: after a commit a burst of views of one URL waits for one render
   * instead of making one each. Settled with the page, or null when the render is not kept.
   */
  const rendering = new Map<string, { promise: Promise<KeptPage | null>; settle: (page: KeptPage | null) => void }>();
  return {
    async find(req: IncomingMessage): Promise<FoundPage | null> {
      const url = req.url ?? "/";
      const path = pathOf(url);
      if (!isKept(path)) return null;
      const current = await stamp(path);
      if (!current) return null;
      const key = `${current}|${req.headers.host ?? ""}|${url}`;
      let page = pages.get(key);
      if (!page) {
        const under = rendering.get(key);
        if (!under) {
          let settle!: (page: KeptPage | null) => void;
          const promise = new Promise<KeptPage | null>((resolve) => (settle = resolve));
          rendering.set(key, { promise, settle });
          return { key };
        }
        // A render that is not kept (refused, an error) leaves each waiting view to render itself.
        page = (await under.promise) ?? undefined;
        if (!page) return { key, waited: true };
      }
      // A kept page is still a search the client address asked for: it spends the budget a render would.
      const refused = await spend(budgetRequest(req), path);
      if (!refused) return { key, page };
      return {
        key,
        refusal: { status: refused.status, headers: [...refused.headers], body: Buffer.from(await refused.arrayBuffer()) },
      };
    },
    keep(key: string, page: KeptPage | null, req: IncomingMessage) {
      // A search page no older than its answers may be; one whose render noted nothing is not kept.
      const ttl = SEARCH_PAGES.includes(pathOf(req.url ?? "/")) ? Math.min(maxAgeMs, (freshUntil(req) ?? 0) - Date.now()) : maxAgeMs;
      const kept = page && ttl > 0 ? page : null;
      if (kept) pages.set(key, kept, { ttl });
      const under = rendering.get(key);
      rendering.delete(key);
      under?.settle(kept);
    },
  };
}

/** Starts keeping pages in this process, for server.mjs to find; `maxAgeMs` 0 keeps none. */
export function startKeepingPages(options: KeeperOptions): void {
  processSlot<PageKeeper>(KEPT_PAGES_SLOT).value = options.maxAgeMs > 0 && options.maxBytes > 0 ? createPageKeeper(options) : undefined;
}
