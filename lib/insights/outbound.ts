import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { collections } from "@/lib/db/schema";
import { badRequest, notFound } from "@/lib/errors";

/** The collection's own links the counting redirect follows; nothing else. */
export const OUTBOUND_FIELDS = ["Website", "MarketPlaceLink", "Discord", "Twitter"] as const;

/**
 * The stored URL `to` names on the collection, exactly as stored: any other target is refused, so
 * the redirect can never send a visitor somewhere the collection's partner did not write.
 */
export async function outboundTarget(collectionId: string, to: string): Promise<string> {
  const db = await getDb();
  const [row] = await db.select({ data: collections.data }).from(collections).where(eq(collections.id, collectionId));
  if (!row) throw notFound(`PlatformNFTId: collection ${JSON.stringify(collectionId)} not found`);
  const stored = OUTBOUND_FIELDS.map((field) => row.data[field]).filter((url): url is string => typeof url === "string" && url !== "");
  if (!stored.includes(to)) throw badRequest("to: not one of the collection's own links; only those are followed");
  return to;
}
