import { collectionBody, perkBody, pick } from "./write-bodies";

export type MixKind = "search" | "retrieve" | "create" | "edit" | "stale edit";

export type MixRequest = { path: string; method: "GET" | "POST"; body?: string; kind: MixKind };

const perk = () => perkBody("Soak");
const collection = () => collectionBody("Soak");

/**
 * The soak's traffic: 80% search (the bench's varied searches, over words of the store), 10%
 * retrieval, 10% writes: 5% creates, 4% edits and 1% deliberately stale edits (a 409).
 * `ownIds` are collections the caller's key manages, retrieved and edited.
 */
export function nextRequest(ownIds: string[], varied: () => string): MixRequest {
  const roll = Math.random();
  if (roll < 0.8) return { kind: "search", method: "GET", path: varied() };
  if (roll < 0.9) return { kind: "retrieve", method: "GET", path: `/api-gateway/collections/${pick(ownIds)}` };
  if (roll < 0.95)
    return {
      kind: "create",
      method: "POST",
      path: "/api-gateway/create",
      body: JSON.stringify({ nftData: collection(), perkData: [perk(), perk()] }),
    };
  const id = pick(ownIds);
  if (roll < 0.99)
    return {
      kind: "edit",
      method: "POST",
      path: "/api-gateway/create",
      body: JSON.stringify({ nftData: { ...collection(), PlatformNFTId: id } }),
    };
  // Version 0 never matches a stored collection: a deliberate 409.
  return {
    kind: "stale edit",
    method: "POST",
    path: "/api-gateway/create",
    body: JSON.stringify({ nftData: { ...collection(), PlatformNFTId: id, Version: 0 } }),
  };
}

/** The status a mix request is meant to get: 409 for a stale edit, else a 2xx. */
export const expected = (kind: MixKind, status: number): boolean =>
  kind === "stale edit" ? status === 409 : status >= 200 && status < 300;

/**
 * `count` collections the key manages, for retrieval and edits: those an earlier run made (listed
 * in `known`) first, the rest created now through the API.
 */
export async function ownCollections(url: string, headers: Record<string, string>, count: number, known: string[] = []): Promise<string[]> {
  const ids = known.slice(0, count);
  while (ids.length < count) {
    const response = await fetch(`${url}/api-gateway/create`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ nftData: collection(), perkData: [perk()] }),
    });
    if (!response.ok) throw new Error(`creating a collection to edit: ${response.status} ${await response.text()}`);
    ids.push(((await response.json()) as { nftData: { PlatformNFTId: string } }).nftData.PlatformNFTId);
  }
  return ids;
}
