import { cardResponse } from "@/components/collection/card-image";
import { readCardFacts } from "@/lib/syndication/card-read";

export const size = { width: 1200, height: 630 };
export const contentType = "image/png";
export const alt = "The collection's title, chain, perk count and categories";

/** The collection's own link preview (components/collection/card-image.tsx). */
export default async function Image({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return cardResponse(id, await readCardFacts(id));
}
