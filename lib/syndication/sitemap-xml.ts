import { browseHref } from "@/lib/browse/url-state";
import { perksHref } from "@/lib/perks/page-url";
import { CATEGORIES } from "@/lib/schemas/category-list";
import { absoluteUrl } from "./site-url";
import { escapeXml } from "./xml-text";

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

/** A sitemaps.org index of the given files (absolute URLs). */
export function sitemapIndex(files: string[]): string {
  const entries = files.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`);
  return `${XML_HEAD}<sitemapindex ${NS}>\n${entries.join("\n")}\n</sitemapindex>\n`;
}

export type SitemapUrl = { loc: string; lastmod?: number };

/** A sitemaps.org file; `lastmod` in W3C datetime (UTC). */
export function sitemapFile(urls: SitemapUrl[]): string {
  const entries = urls.map(
    ({ loc, lastmod }) =>
      `<url><loc>${escapeXml(loc)}</loc>${lastmod === undefined ? "" : `<lastmod>${new Date(lastmod).toISOString()}</lastmod>`}</url>`,
  );
  return `${XML_HEAD}<urlset ${NS}>\n${entries.join("\n")}\n</urlset>\n`;
}

/** The public pages that are not a collection: the browser and /perks, whole and by category, in their canonical form. */
export function pageUrls(origin: string): SitemapUrl[] {
  const paths = [
    browseHref({}),
    perksHref({}),
    "/wallet",
    ...CATEGORIES.map((category) => browseHref({ category })),
    ...CATEGORIES.map((category) => perksHref({ category })),
  ];
  return paths.map((path) => ({ loc: absoluteUrl(origin, path) }));
}

/**
 * Collection pages with their last change. Written by concatenation, not `new URL` per row: a
 * file is 50,000 of them (the id is percent-encoded, the origin a URL's own).
 */
export const collectionUrls = (origin: string, rows: { id: string; lastmodified: number }[]): SitemapUrl[] =>
  rows.map((row) => ({ loc: `${origin}/collections/${encodeURIComponent(row.id)}`, lastmod: row.lastmodified }));

/** A collection file's path, named by its first id. */
export const collectionFilePath = (from: string) => `/sitemaps/collections/${encodeURIComponent(from)}.xml`;
export const PAGES_FILE_PATH = "/sitemaps/pages.xml";
