import type { IncomingMessage, ServerResponse } from "node:http";

/** A public page's finished answer, kept to answer the same URL again (lib/http/server/kept-pages.ts). */
export type KeptPage = {
  status: number;
  /** The page's own headers (Cache-Control, Vary, the policy with its script hashes, …). */
  headers: [string, string][];
  /** The markup, brotli-compressed (other encodings are made from it when asked for). */
  brotli: Buffer;
  /** The markup's length uncompressed. */
  length: number;
  storedAt: number;
};

/** An answer made without rendering: the read budget's 429. */
export type Refusal = { status: number; headers: [string, string][]; body: Buffer };

/**
 * What a keeper knows of a request: the key its answer would be kept under, and a page or a
 * refusal; `waited` when it waited for another view's render of the same key that was not kept;
 * `current` when what the page shows was found unchanged at this request (its answer has Age 0).
 */
export type FoundPage = { key: string; page?: KeptPage; current?: boolean; refusal?: Refusal; waited?: boolean };

export type PageKeeper = {
  /** Null: this request's answer is not kept. Otherwise `keep` must follow a miss, with null if nothing is kept. */
  find(req: IncomingMessage): Promise<FoundPage | null>;
  /** `req`: the request whose render made `page` (what it noted decides how long a search page is kept). */
  keep(key: string, page: KeptPage | null, req: IncomingMessage): void;
};

export function answerPublicPage(
  req: IncomingMessage,
  res: ServerResponse,
  handle: (req: IncomingMessage, res: ServerResponse) => unknown,
  keeper?: PageKeeper,
): Promise<unknown>;
