import { z } from "zod";
import { collectionDocSchema } from "./collection";

const doc = collectionDocSchema.shape;

/** A row of the portal's "My collections" list: a few of the collection's own fields, renamed for the list. */
export const managedCollectionSchema = z.object({
  id: doc.PlatformNFTId,
  title: doc.Title,
  chain: doc.ContractChain,
  releaseStatus: doc.ReleaseStatus.unwrap().nullable(),
  imagePic: doc.ImagePic.unwrap().nullable(),
  perkCount: z.number().int(),
  lastmodified: doc.lastmodified,
  version: doc.Version,
  /** The owner's address that verified the collection; null when it is not verified. */
  verifiedBy: z.string().nullable(),
});
export type ManagedCollection = z.output<typeof managedCollectionSchema>;

/** GET /api/portal/collections: one page of the list. */
export const managedListPageSchema = z.object({
  collections: z.array(managedCollectionSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageCount: z.number().int(),
});
export type ManagedListPage = z.output<typeof managedListPageSchema>;
