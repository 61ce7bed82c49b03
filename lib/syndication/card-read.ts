import "server-only";
import { categoriesOfPerks, getPublicCollection } from "@/lib/browse/server/collection";
import { cardFacts, type CardFacts } from "./card-facts";

/** What a collection's card shows, or null for an unknown id. */
export async function readCardFacts(id: string): Promise<CardFacts | null> {
  const record = await getPublicCollection(id);
  return record && cardFacts(record.nftData, record.perkData.length, categoriesOfPerks(record.perkData));
}
