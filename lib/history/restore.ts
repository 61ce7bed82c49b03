import type { CollectionRecord, CreateRequestInput } from "@/lib/schemas/create-request";
import type { HistoryState } from "@/lib/schemas/history";

/**
 * The edit that puts a collection back as it was after a history entry, as one normal
 * Version-checked save: the collection's fields whole, each perk that still exists replaced
 * whole, and each perk removed since added again (under a new id). Perks added since are kept: a
 * save cannot remove perks, and a restore never deletes anything.
 */
export function restoreRequest(state: HistoryState, current: CollectionRecord): CreateRequestInput {
  const { PlatformNFTId: id, Version } = current.nftData;
  const stored = new Set(current.perkData.map((perk) => perk.PlatformPerkId));
  return {
    nftData: { ...state.nftData, PlatformNFTId: id, Version } as CreateRequestInput["nftData"],
    perkData: state.perkData.map(({ PlatformPerkId, ...fields }) =>
      stored.has(PlatformPerkId) ? { ...fields, PlatformNFTId: id, PlatformPerkId } : { ...fields, PlatformNFTId: id },
    ) as CreateRequestInput["perkData"],
  };
}
