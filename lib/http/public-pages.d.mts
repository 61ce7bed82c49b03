export const PUBLIC_MAX_AGE: number;
export const PUBLIC_STALE: number;
export const NOT_FOUND_MAX_AGE: number;
export const PUBLIC_CACHE_CONTROL: string;
export const NOT_FOUND_CACHE_CONTROL: string;
export const PRIVATE_CACHE_CONTROL: string;
export const PUBLIC_VARY: string[];
export const SEARCH_PAGES: readonly string[];
export function isAnonymousPublicPage(req: {
  method?: string;
  url?: string;
  headers: Record<string, string | string[] | undefined>;
}): boolean;
export function pathOf(url: string): string;
export function hashInlineScripts(html: string, policy: string): { html: string; policy: string } | null;
export function publicCacheControl(status: number, setsCookie: boolean): string;
