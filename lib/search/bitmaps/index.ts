/**
 * The search bitmaps (decision 041, docs/search.md): per-term bitmaps of the search rows that
 * answer every count and facet. Read top-down: terms (which bits), counting (a query's counts),
 * maintenance (apply the queue, build from the rows), background (when maintenance runs).
 */
export { bitmapTermsOf, type BitmapQuery } from "./terms";
export { bitmapCounts, MAX_PENDING_CHANGES, type BitmapCounts, type FacetCounts, type TitleSegment } from "./counting";
export { applySearchBitmapChanges, buildSearchBitmaps, invalidateSearchBitmaps } from "./maintenance";
export {
  APPLY_EVERY_MS,
  applySearchBitmapChangesInBackground,
  buildSearchBitmapsInBackground,
  holdBackgroundApplies,
  isApplyingInBackground,
} from "./background";
