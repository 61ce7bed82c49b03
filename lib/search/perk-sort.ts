import type { PerkSearchParams, PerkSort } from "@/lib/schemas/perk-search-params";

/** The sort a search runs with: as asked, else by distance near a point, by relevance with text, else by date. */
export function effectiveSort(params: Pick<PerkSearchParams, "sort" | "near" | "query">): PerkSort {
  if (params.sort) return params.sort;
  if (params.near) return "distance";
  if (params.query?.trim()) return "relevance";
  return "date";
}
