import { perkBody, collectionBody } from "@/lib/traffic/write-bodies";

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
      body: JSON.stringify({ nftData: collectionBody("Soak"), perkData: [perkBody("Soak")] }),
    });
    if (!response.ok) throw new Error(`creating a collection to edit: ${response.status} ${await response.text()}`);
    ids.push(((await response.json()) as { nftData: { PlatformNFTId: string } }).nftData.PlatformNFTId);
  }
  return ids;
}
