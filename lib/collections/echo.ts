import { IGNORED_SERVER_KEYS } from "@/lib/schemas/collection";
import { GATEWAY_STATUS, type CreateRequest } from "@/lib/schemas/create-request";

type Plain = Record<string, unknown>;

export type CreateResponse = Plain & { GatewayStatus: string };

/** What a write assigned: the new collection's id, each perk's id, and every touched collection's new Version. */
export type Assigned = { nftId?: string; perkIds: string[]; newVersions: Map<string, number> };

/**
 * The answer: what was sent, with the assigned ids and new Versions filled in. Server-managed
 * fields other than Version were ignored on input, so they are left out rather than echoed as
 * if stored (an echo of `Managers: ["Users/attacker"]` would read as a grant).
 */
export function echo(submitted: Plain, request: CreateRequest, assigned: Assigned): CreateResponse {
  const response: Plain = structuredClone(submitted);
  if (request.nftData && assigned.nftId) {
    const nftData = { ...(response.nftData as Plain) };
    for (const key of IGNORED_SERVER_KEYS) delete nftData[key];
    response.nftData = { ...nftData, PlatformNFTId: assigned.nftId, Version: assigned.newVersions.get(assigned.nftId) };
  }
  if (request.perkData) {
    response.perkData = (response.perkData as Plain[]).map((perk, index) => {
      const nftId = request.perkData?.[index]?.PlatformNFTId || assigned.nftId;
      const echoed: Plain = { ...perk, PlatformNFTId: nftId, PlatformPerkId: assigned.perkIds[index] };
      if (perk.Version !== undefined && nftId) echoed.Version = assigned.newVersions.get(nftId);
      return echoed;
    });
  }
  return { ...response, GatewayStatus: GATEWAY_STATUS };
}
