import { z } from "zod";
import { categorySchema } from "@/lib/schemas/categories";

/**
 * One result of the browse grid: only what a card shows, so the page and the JSON the browser
 * fetches while typing stay small.
 */
export const browseCardSchema = z.object({
  id: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  chain: z.string(),
  creator: z.string().nullable(),
  releaseStatus: z.string().nullable(),
  categories: z.array(categorySchema),
  perkCount: z.number().int(),
  /** The address that verified the collection (its contract's `owner()`); null when not verified. */
  verifiedBy: z.string().nullable(),
});

const counts = z.record(z.string(), z.number().int());

/**
 * Answer of the public `/api/search`: a page of cards, which page it is, and the facets asked for
 * (the chain counts without the chain filter, so that a chosen chain keeps the others' counts).
 */
export const browseResultSchema = z.object({
  NumPages: z.number().int(),
  page: z.number().int(),
  cards: z.array(browseCardSchema),
  facets: z.object({ category: counts.optional(), chain: counts.optional() }).optional(),
  /** Matches on the chains beyond those `facets.chain` lists (the API's `FacetsOther`). */
  facetsOther: z.object({ chain: z.number().int().optional() }).optional(),
});

export type BrowseCard = z.infer<typeof browseCardSchema>;
export type BrowseResult = z.infer<typeof browseResultSchema>;
