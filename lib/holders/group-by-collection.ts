/** A collection's perks on the wallet page: in the order the answer gave them, which is the perk search's. */
export type CollectionGroup<D> = { collectionId: string; title: string; image?: string; docs: D[] };

type Doc = { PlatformNFTId: string; CollectionTitle: string; CollectionImage?: string };

/** Docs grouped by their collection, groups in order of each one's first doc. */
export function groupByCollection<D extends Doc>(docs: D[]): CollectionGroup<D>[] {
  const groups = new Map<string, CollectionGroup<D>>();
  for (const doc of docs) {
    const group = groups.get(doc.PlatformNFTId);
    if (group) group.docs.push(doc);
    else
      groups.set(doc.PlatformNFTId, {
        collectionId: doc.PlatformNFTId,
        title: doc.CollectionTitle,
        image: doc.CollectionImage,
        docs: [doc],
      });
  }
  return [...groups.values()];
}
