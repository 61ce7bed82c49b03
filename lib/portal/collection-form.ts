import type { z } from "zod";
import { pickKnown } from "@/lib/pick-known";
import { COLLECTION_FIELD_KEYS, type CollectionInput, type collectionFieldsSchema } from "@/lib/schemas/collection";

/** The collection form edits exactly the partner-owned fields; its values are the API's. */
export type CollectionFormValues = z.input<typeof collectionFieldsSchema>;
export type CollectionFormOutput = z.output<typeof collectionFieldsSchema>;

const collectionFields = pickKnown<CollectionFormValues>(COLLECTION_FIELD_KEYS);
const collectionOutput = pickKnown<CollectionFormOutput>(COLLECTION_FIELD_KEYS);

export const EMPTY_COLLECTION: CollectionFormValues = { Title: "", ContractChain: "" };

/** The form's starting values from a stored collection: its partner-owned fields, nothing else. */
export function collectionFormValues(nftData: Record<string, unknown> | undefined): CollectionFormValues {
  if (!nftData) return { ...EMPTY_COLLECTION };
  return { ...EMPTY_COLLECTION, ...collectionFields(nftData) };
}

/**
 * The complete `nftData` to save. An edit replaces the whole record, so every field comes from
 * the form (left out = cleared); `Version` makes the save fail with 409 if anyone saved since.
 */
export function collectionPayload(fields: CollectionFormOutput, stored?: { PlatformNFTId: string; Version: number }): CollectionInput {
  const values = collectionOutput(fields);
  return stored ? { PlatformNFTId: stored.PlatformNFTId, Version: stored.Version, ...values } : values;
}
