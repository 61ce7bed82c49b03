import "server-only";
import type { IncomingMessage } from "node:http";
import { LRUCache } from "lru-cache";
import type { FoundPage, KeptPage, PageKeeper } from "@/lib/http/public-page-response.mjs";
import { pathOf, SEARCH_PAGES } from "@/lib/http/public-pages.mjs";
import { factsOf, REQUEST_KEY_HEADER } from "@/lib/observability/request-facts";
import { SOCKET_ADDRESS_HEADER } from "@/lib/rate-limit/client-ip";
import { processSlot } from "@/lib/process-slot";
import type { AppearanceRef } from "@/lib/schemas/insights";

/**
 * Anonymous public pages kept at the origin (docs/decisions/094): a page's finished answer is
 * reused while the stamp of the data it shows is unchanged (`pageStamp`: the rows a collection
 * page shows were written by no transaction since, on any instance) and, for what it takes from
 * the clock, until the first perk it shows turns Past: so it is what a new render would show, for
 * at most `stampedMaxAgeMs` (docs/decisions/098). A search page is kept while its search answers
 * are fresh, and after that, for at most `stampedMaxAgeMs` too, while no search write has committed
 * that the snapshot they are exact for did not see and the clock has changed none of them
 * (docs/decisions/099).
 * The production server (server.mjs) looks pages up here before Next.js renders them and stores
 * each public answer it finishes (lib/http/public-page-response.mjs).
 */
export const KEPT_PAGES_SLOT = "kept-pages";

/**
 * The pages kept: a collection (and the 404 of an unknown id) and the docs, by the stamp of what
 * they show; the browser and perk discovery (`SEARCH_PAGES`), whose search answers may be reused
 * across commits for SEARCH_CACHE_MS (lib/db/read-cache.ts), no longer than those answers would
 * be, or while they are found unchanged (decision 099). A wallet's page follows the chain and its
 * delegations too: not kept.
 */
const STAMPED_PATH = /^\/(?:docs|collections\/[^/]+)$/;
const isKept = (path: string) => SEARCH_PAGES.includes(path) || STAMPED_PATH.test(path);

/** Request headers the read budget's address is taken from (lib/rate-limit/client-ip.ts). */
const ADDRESS_HEADERS = [SOCKET_ADDRESS_HEADER, "x-forwarded-for"];

export type KeeperOptions = {
  /** The longest a search page is kept on its answers' freshness alone (no `unchanged`). */
  maxAgeMs: number;
  /**
   * The longest a page checked at each view is kept: one kept by its stamp (a collection, an
   * unknown id's 404, the docs), or a search page past its answers' freshness; `maxAgeMs` if less or unset.
   */
  stampedMaxAgeMs?: number;
  maxBytes: number;
  /** The stamp of the data the page at `path` shows now (lib/http/server/page-stamps.ts); "": none, nothing is kept. */
  stamp: (path: string) => Promise<string>;
  /** The read budget a rendered search page spends: a 429 answer past it, else null. */
  spend: (request: Request, pathname: string) => Promise<Response | null>;
  /**
   * Whether a search page whose answers are exact for the snapshot `exactAt` and were computed
   * from `since` still shows what a new render would (lib/search/search-writes.ts). Without it a
   * search page is kept only while its answers are fresh: where its answers may come from a
   * replica, which may not yet hold what the primary's snapshot does, none is given.
   */
  unchanged?: (exactAt: string, since: number) => Promise<boolean>;
  /** What the render that answered `req` noted of what it showed; nothing if it noted nothing. */
  noted?: (req: IncomingMessage) => Noted;
  /**
   * Counts the search appearances a search page's render counted, once per view answered from its
   * copy (lib/insights/counter.ts): partners' figures count the views a render would have.
   */
  appeared?: (appearances: AppearanceRef[]) => void;
};

/**
 * Until when (epoch ms) what a page showed may be shown as it is (a search page: its answers'
 * freshness; a collection page: its first perk turning Past), and the snapshot a search page's
 * answers are all exact for and when the first of them was computed.
 */
type Noted = { freshUntil?: number; exactAt?: string; since?: number; appearances?: AppearanceRef[] };

/** What the render of a request noted for the production server (lib/observability/request-facts.ts). */
function notedAnswers(req: IncomingMessage): Noted {
  const id = req.headers[REQUEST_KEY_HEADER];
  const facts = typeof id === "string" ? factsOf(id) : undefined;
  return { freshUntil: facts?.freshUntil, exactAt: facts?.exactAt, since: facts?.since, appearances: facts?.appearances };
}

/**
 * A kept page; until when it may be shown as it is, what keeps a search page after that (the
 * snapshot its answers are exact for, "" for none, and when they were computed), and the search
 * appearances each view of it counts.
 */
type Kept = { page: KeptPage; freshUntil: number; exactAt: string; since: number; appearances: AppearanceRef[] };

/** Room a page takes: its compressed markup, its headers and the appearances it counts. */
const sizeOf = (kept: Kept) => kept.page.brotli.length + 1024 + 64 * kept.appearances.length;

/** The part of a Node.js request the read budget looks at, as the Request the proxy is given. */
function budgetRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const name of ADDRESS_HEADERS) {
    const value = req.headers[name];
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  return new Request(`http://127.0.0.1${req.url ?? "/"}`, { headers });
}

export function createPageKeeper(options: KeeperOptions): PageKeeper {
  const { maxAgeMs, maxBytes, stamp, spend, unchanged, noted = notedAnswers, appeared } = options;
  const stampedMaxAgeMs = Math.max(maxAgeMs, options.stampedMaxAgeMs ?? 0);
  const pages = new LRUCache<string, Kept>({ maxSize: maxBytes, sizeCalculation: sizeOf, ttl: stampedMaxAgeMs });
  /**
   * The kept page of `key` if it may still be shown, and whether what it shows was found
   * unchanged now (its stamp was just read; a search page checked): past a search page's
   * answers' freshness, only while it is found unchanged.
   */
  const stillShown = async (key: string, stamped: boolean): Promise<{ kept: Kept; current: boolean } | undefined> => {
    const kept = pages.get(key);
    if (!kept) return undefined;
    if (Date.now() < kept.freshUntil) return { kept, current: stamped };
    // A check that fails (the database unreachable) shows nothing old: the view renders.
    if (kept.exactAt && unchanged && (await unchanged(kept.exactAt, kept.since).catch(() => false))) return { kept, current: true };
    // A later render may have replaced it meanwhile.
    if (pages.get(key) === kept) pages.delete(key);
    return undefined;
  };
  /**
   * Renders under way, by key: after a commit a burst of views of one URL waits for one render
   * instead of making one each. Settled with the kept page, or null when the render is not kept.
   */
  const rendering = new Map<string, { promise: Promise<Kept | null>; settle: (kept: Kept | null) => void }>();
  return {
    async find(req: IncomingMessage): Promise<FoundPage | null> {
      const url = req.url ?? "/";
      const path = pathOf(url);
      if (!isKept(path)) return null;
      const current = await stamp(path);
      if (!current) return null;
      const key = `${current}|${req.headers.host ?? ""}|${url}`;
      const shown = await stillShown(key, !SEARCH_PAGES.includes(path));
      let kept = shown?.kept;
      if (!kept) {
        const under = rendering.get(key);
        if (!under) {
          let settle!: (kept: Kept | null) => void;
          const promise = new Promise<Kept | null>((resolve) => (settle = resolve));
          rendering.set(key, { promise, settle });
          return { key };
        }
        // A render that is not kept (refused, an error) leaves each waiting view to render itself.
        kept = (await under.promise) ?? undefined;
        if (!kept) return { key, waited: true };
      }
      // A kept page is still a search the client address asked for: it spends the budget a render would.
      const refused = await spend(budgetRequest(req), path);
      if (!refused) {
        if (kept.appearances.length > 0) appeared?.(kept.appearances);
        // A page a waiting view got was rendered just now.
        return { key, page: kept.page, current: shown?.current ?? true };
      }
      return {
        key,
        refusal: { status: refused.status, headers: [...refused.headers], body: Buffer.from(await refused.arrayBuffer()) },
      };
    },
    keep(key: string, page: KeptPage | null, req: IncomingMessage) {
      // A search page no older than its answers may be, or while it is found unchanged at each
      // view after that; one whose render noted nothing is not kept. A stamped page until the
      // clock changes what it shows (nothing noted: never).
      const search = SEARCH_PAGES.includes(pathOf(req.url ?? "/"));
      const facts = noted(req);
      const freshUntil = facts.freshUntil ?? (search ? 0 : Infinity);
      const exactAt = search && unchanged ? (facts.exactAt ?? "") : "";
      const since = facts.since ?? Date.now();
      const ttl = exactAt ? stampedMaxAgeMs : Math.min(search ? maxAgeMs : stampedMaxAgeMs, freshUntil - Date.now());
      const kept = page && ttl > 0 ? { page, freshUntil, exactAt, since, appearances: search ? (facts.appearances ?? []) : [] } : null;
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
