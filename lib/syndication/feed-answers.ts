import "server-only";
import { getPublicCollection } from "@/lib/browse/server/collection";
import { normalizeCategory } from "@/lib/browse/url-state";
import { perkClock } from "@/lib/schemas/perk-clock";
import { notSyndicated, syndicated } from "./answers";
import { categoryAtom, collectionAtom } from "./atom";
import { FEED_ENTRIES, readCategoryFeedPerks, readFeedChanges } from "./feed-store";
import { siteOrigin } from "./site-url";

const ATOM = "application/atom+xml; charset=utf-8";

/** `/collections/{id}/feed.xml`: the collection's public changelog; 404 for an unknown or deleted one. */
export async function collectionFeedAnswer(request: Request, id: string): Promise<Response> {
  const record = await getPublicCollection(id);
  if (!record) return notSyndicated(`PlatformNFTId: collection ${JSON.stringify(id)}`);
  const changes = await readFeedChanges(id);
  return syndicated(collectionAtom(record.nftData, changes, record.perkData, siteOrigin(request), perkClock.now(), FEED_ENTRIES), ATOM);
}

/** `/perks/feed.xml?category=…`: new and changed perks of a category (named as the pages take it); 404 for another name. */
export async function categoryFeedAnswer(request: Request): Promise<Response> {
  const asked = new URL(request.url).searchParams.get("category") ?? "";
  const category = normalizeCategory(asked);
  if (!category) return notSyndicated(`category ${JSON.stringify(asked.slice(0, 100))}`);
  return syndicated(categoryAtom(category, await readCategoryFeedPerks(category), siteOrigin(request)), ATOM);
}
