import "server-only";
import { processSlot } from "@/lib/process-slot";
import { retrieveCollectionRoute } from "@/lib/routes/collections";
import { collectionSearchRoute, perkSearchRoute } from "@/lib/routes/search";

/**
 * The gateway's public reads (search, perk search, one collection) answered by the production
 * server without Next.js's routing (docs/decisions/103): the same route handlers the route modules
 * export, called with the same Web Request. Next.js's matching, its request context and the
 * stream of the answer cost a search as much server time as its own search did (docs/performance.md,
 * "Gateway reads without Next.js"). Only plain paths come here: one with a percent sign, a
 * trailing slash or a second segment, and every other method, still go through Next.js.
 */
export const GATEWAY_READS_SLOT = "gateway-reads";

type Read = (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>;
/** The handler that answers a GET or HEAD of `path` (a URL's path, as sent), or null: Next.js answers it. */
export type GatewayRead = (path: string) => ((request: Request) => Promise<Response>) | null;

const COLLECTION_PATH = /^\/api-gateway\/collections\/([^/%]+)$/;

/** The reads by path: `search` and `perks` by their own, `retrieve` for one collection's id. */
export function gatewayReadsOf(search: Read, perks: Read, retrieve: Read): GatewayRead {
  return (path) => {
    if (path === "/api-gateway/search") return search;
    if (path === "/api-gateway/perks") return perks;
    const id = COLLECTION_PATH.exec(path)?.[1];
    return id === undefined ? null : (request) => retrieve(request, { params: Promise.resolve({ id }) });
  };
}

/** Called once at start-up (instrumentation.ts): server.mjs finds the reads in their slot. */
export function startGatewayReads(): void {
  processSlot<GatewayRead>(GATEWAY_READS_SLOT).value = gatewayReadsOf(
    collectionSearchRoute("key"),
    perkSearchRoute("key"),
    retrieveCollectionRoute("key"),
  );
}
