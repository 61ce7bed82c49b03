import "server-only";
import { inArray } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { collections } from "@/lib/db/schema";
import type { Category } from "@/lib/schemas/category-list";
import type { SearchParams } from "@/lib/schemas/search-params";
import { searchCollections, type SearchResult } from "@/lib/search/search";
import type { BrowseCard, BrowseResult } from "./cards";
import { resolvePage } from "./pages";

/** Search results hold perk references only; the grid shows the perks' categories too. */
async function categoriesOf(ids: string[]): Promise<Map<string, Category[]>> {
  if (ids.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select({ id: collections.id, categories: collections.categories })
    .from(collections)
    .where(inArray(collections.id, ids));
  return new Map(rows.map((row) => [row.id, row.categories as Category[]]));
}

function toCard(doc: SearchResult["Docs"][number], categories: Category[]): BrowseCard {
  return {
    id: doc.PlatformNFTId,
    title: doc.Title,
    image: doc.ImagePic || null,
    chain: doc.ContractChain,
    creator: doc.Creator || null,
    releaseStatus: doc.ReleaseStatus ?? null,
    categories,
    perkCount: doc.Perks.length,
  };
}

/**
 * One page of the public browser, through the same search as `/api-gateway/search`; a page past
 * the end answers the last page instead of nothing.
 */
export async function browseCollections(params: SearchParams): Promise<BrowseResult> {
  const { result, page } = await resolvePage(params.pageNum ?? 1, (pageNum) =>
    searchCollections({ ...params, pageNum }),
  );
  const categories = await categoriesOf(result.Docs.map((doc) => doc.PlatformNFTId));
  return {
    NumPages: result.NumPages,
    page,
    cards: result.Docs.map((doc) => toCard(doc, categories.get(doc.PlatformNFTId) ?? [])),
  };
}
