import { collectionBody, perkBody, pick } from "./write-bodies";

export type MixKind = "search" | "retrieve" | "create" | "edit" | "stale edit";

export type MixRequest = { path: string; method: "GET" | "POST"; body?: string; kind: MixKind };

/** A create of a collection with two perks, titled from `label`. */
export const createRequest = (label: string): MixRequest => ({
  kind: "create",
  method: "POST",
  path: "/api-gateway/create",
  body: JSON.stringify({ nftData: collectionBody(label), perkData: [perkBody(label), perkBody(label)] }),
});

/** An edit of collection `id`; a stale one sends Version 0, which never matches a stored collection: a deliberate 409. */
export const editRequest = (id: string, label: string, stale = false): MixRequest => ({
  kind: stale ? "stale edit" : "edit",
  method: "POST",
  path: "/api-gateway/create",
  body: JSON.stringify({ nftData: { ...collectionBody(label), PlatformNFTId: id, ...(stale ? { Version: 0 } : {}) } }),
});

/**
 * The gateway traffic the service is sized for: 80% search (`search` draws each URL), 10%
 * retrieval, 10% writes: 5% creates, 4% edits and 1% deliberately stale edits (a 409). `ownIds`
 * are collections the caller's team manages, retrieved and edited; `label` starts the titles it
 * writes. The soak and the latency bench offer it; a fresh instance rehearses it (lib/startup/rehearsal.ts).
 */
export function nextRequest(ownIds: string[], search: () => string, label = "Soak"): MixRequest {
  const roll = Math.random();
  if (roll < 0.8) return { kind: "search", method: "GET", path: search() };
  if (roll < 0.9) return { kind: "retrieve", method: "GET", path: `/api-gateway/collections/${pick(ownIds)}` };
  if (roll < 0.95) return createRequest(label);
  return editRequest(pick(ownIds), label, roll >= 0.99);
}

/** The status a mix request is meant to get: 409 for a stale edit, else a 2xx. */
export const expected = (kind: MixKind, status: number): boolean =>
  kind === "stale edit" ? status === 409 : status >= 200 && status < 300;
