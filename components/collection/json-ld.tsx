import { collectionJsonLd, scriptSafeJson } from "@/lib/syndication/json-ld";
import { pageOrigin } from "@/lib/syndication/page-origin";
import type { CollectionDoc } from "@/lib/schemas/collection";
import type { PerkDoc } from "@/lib/schemas/perk";

/**
 * The collection as schema.org JSON-LD for search engines. A data block, never run, so the page's
 * script nonce is not needed; its text is escaped so nothing in it can close the element.
 */
export async function CollectionJsonLd({ nft, perks }: { nft: CollectionDoc; perks: PerkDoc[] }) {
  const json = scriptSafeJson(collectionJsonLd(nft, perks, await pageOrigin()));
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
