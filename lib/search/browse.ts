import "server-only";
import { categoriesOf } from "@/lib/collections/store";
import { getSearchDb } from "@/lib/db/client";
import { readRecent } from "@/lib/db/read-cache";
import { env } from "@/lib/env";
import { knownChains } from "./filters";
import type { Category } from "@/lib/schemas/category-list";
import type { SearchParams } from "@/lib/schemas/search-params";
import { searchCollections, type SearchResult } from "./search";
import type { BrowseCard, BrowseResult } from "@/lib/schemas/browse-card";
import { resolvePage } from "./resolve-page";
import { uncounted } from "@/lib/insights/counter";

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
    verifiedBy: doc.VerifiedBy ?? null,
  };
}

/**
 * The chain counts of a search with a chain chosen: those of the same search on every chain (one
 * row, chain facet only), so the menu still says what each other chain would show.
 */
async function chainsAround(params: SearchParams): Promise<SearchResult | null> {
  if (params.chain === undefined || !params.facets?.includes("chain")) return null;
  return uncounted(() => searchCollections({ ...params, chain: undefined, pageNum: 1, pageSize: 1, facets: ["chain"] }));
}

/**
 * One page of the public browser, through the same search as `/api-gateway/search`; a page past
 * the end answers the last page instead of nothing.
 */
export async function browseCollections(params: SearchParams): Promise<BrowseResult> {
  const [{ result, page }, around] = await Promise.all([
    resolvePage(params.pageNum ?? 1, (pageNum) => searchCollections({ ...params, pageNum })),
    chainsAround(params),
  ]);
  const categories = await categoriesOf(result.Docs.map((doc) => doc.PlatformNFTId));
  const answer: BrowseResult = {
    NumPages: result.NumPages,
    page,
    cards: result.Docs.map((doc) => toCard(doc, categories.get(doc.PlatformNFTId) ?? [])),
  };
  const chains = around ?? result;
  if (result.Facets) answer.facets = { ...result.Facets, ...(chains.Facets?.chain ? { chain: chains.Facets.chain } : {}) };
  if (chains.FacetsOther) answer.facetsOther = chains.FacetsOther;
  return answer;
}

/** Chains the browser's filter offers: few distinct values, so read at most this many. */
const MAX_CHAIN_OPTIONS = 200;
/**
 * The chains collections are on, for the browser's chain filter. Reused as long as the page's
 * searches are, not longer: computed with them after a commit, it shares their snapshot, so the
 * page stays exact for it (docs/decisions/097 and 099). A few index probes, once per SEARCH_CACHE_MS.
 */
export function browseChains(): Promise<string[]> {
  return readRecent("browse-chains", env().SEARCH_CACHE_MS, async () => knownChains(await getSearchDb(), MAX_CHAIN_OPTIONS));
}
