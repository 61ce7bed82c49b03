/*
 * What the portal's "My collections" list can be asked for: the page's URL and the JSON route read
 * it (lib/portal/managed-list.ts), the store answers it. No zod here: the browser loads this module.
 */

export const MANAGED_PAGE_SIZE = 20;

/** "none" is a collection without a ReleaseStatus. */
export const STATUS_FILTERS = ["Upcoming", "Available", "none"] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** Last change (newest first, the default) or title (A to Z). */
export const SORTS = ["recent", "title"] as const;
export type ManagedSort = (typeof SORTS)[number];

export type ManagedListInput = { text: string; status: StatusFilter | null; sort: ManagedSort; page: number };
