import { COLLECTION_FIELD_KEYS } from "@/lib/schemas/collection";
import type { CollectionRecord } from "@/lib/schemas/create-request";
import type { PerkDoc } from "@/lib/schemas/perk";
import { collectionPayload, type CollectionFormOutput } from "./collection-form";

/*
 * The cached record after each of the editor's own writes, built from what was sent and the
 * service's answer. Only these and an explicit reload change the cached record (see
 * use-collection-mutations.ts for why it is never refetched in the background).
 */

const PARTNER_KEYS = new Set<string>(COLLECTION_FIELD_KEYS);

/** Replace-on-edit: the partner's fields become exactly what was sent; the service's are kept. */
export function afterCollectionSave(record: CollectionRecord, fields: CollectionFormOutput, version: number): CollectionRecord {
  const kept = Object.fromEntries(Object.entries(record.nftData).filter(([key]) => !PARTNER_KEYS.has(key)));
  const nftData = { ...kept, ...collectionPayload(fields), Version: version } as CollectionRecord["nftData"];
  return { ...record, nftData };
}

/** The saved perk replaces the one with its id, or is added at the end when new. */
export function afterPerkSave(record: CollectionRecord, saved: PerkDoc, version: number): CollectionRecord {
  const exists = record.perkData.some((perk) => perk.PlatformPerkId === saved.PlatformPerkId);
  const perkData = exists
    ? record.perkData.map((perk) => (perk.PlatformPerkId === saved.PlatformPerkId ? saved : perk))
    : [...record.perkData, saved];
  return { nftData: { ...record.nftData, Version: version }, perkData };
}

export function afterPerkRemoval(record: CollectionRecord, perkId: string, version: number): CollectionRecord {
  return {
    nftData: { ...record.nftData, Version: version },
    perkData: record.perkData.filter((perk) => perk.PlatformPerkId !== perkId),
  };
}
