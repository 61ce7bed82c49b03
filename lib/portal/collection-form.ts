import type { z } from "zod";
import {
  COLLECTION_FIELD_KEYS,
  type CollectionInput,
  type collectionFieldsSchema,
} from "@/lib/schemas/collection";

/** The collection form edits exactly the partner-owned fields; its values are the API's. */
export type CollectionFormValues = z.input<typeof collectionFieldsSchema>;
export type CollectionFormOutput = z.output<typeof collectionFieldsSchema>;

export const EMPTY_COLLECTION: CollectionFormValues = { Title: "", ContractChain: "" };

/** The form's starting values from a stored collection: its partner-owned fields, nothing else. */
export function collectionFormValues(nftData: Record<string, unknown> | undefined): CollectionFormValues {
  if (!nftData) return { ...EMPTY_COLLECTION };
  const values: Record<string, unknown> = {};
  for (const key of COLLECTION_FIELD_KEYS) {
    if (nftData[key] !== undefined) values[key] = nftData[key];
  }
  return { ...EMPTY_COLLECTION, ...values } as CollectionFormValues;
}

/**
 * The complete `nftData` to save. An edit replaces the whole record, so every field comes from
 * the form (left out = cleared); `Version` makes the save fail with 409 if anyone saved since.
 */
export function collectionPayload(
  fields: CollectionFormOutput,
  stored?: { PlatformNFTId: string; Version: number },
): CollectionInput {
  const payload: Record<string, unknown> = {};
  for (const key of COLLECTION_FIELD_KEYS) {
    if (fields[key] !== undefined) payload[key] = fields[key];
  }
  const values = payload as CollectionFormOutput;
  return stored ? { PlatformNFTId: stored.PlatformNFTId, Version: stored.Version, ...values } : values;
}
