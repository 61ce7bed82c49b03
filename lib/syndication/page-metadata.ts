import type { Metadata } from "next";
import { categoryFeedPath } from "./paths";

export const SITE_NAME = "Utility Data Service";
export const SITE_DESCRIPTION = "Find the perks NFT collections give their holders: merch, events, discounts, airdrops and more.";

/** The site-wide link preview (public/og-image.png); a collection page has its own (its opengraph-image). */
export const SITE_OPEN_GRAPH = {
  type: "website",
  siteName: SITE_NAME,
  title: SITE_NAME,
  description: SITE_DESCRIPTION,
  images: [{ url: "/og-image.png", width: 1200, height: 630, alt: `${SITE_NAME}: find the perks NFT collections give their holders` }],
} satisfies Metadata["openGraph"];

/**
 * A public page's canonical URL (one form per view: the path the page's own parameter rules
 * write) and the link preview's title, description and URL. Segments' metadata merge shallowly,
 * so the preview carries the site's image and name along. A view of one category links its feed.
 */
export function publicPageMetadata(page: { path: string; title?: string; description?: string; category?: string | null }): Metadata {
  const feed = page.category
    ? { "application/atom+xml": [{ url: categoryFeedPath(page.category), title: `${page.category} perks` }] }
    : undefined;
  return {
    alternates: { canonical: page.path, ...(feed ? { types: feed } : {}) },
    openGraph: {
      ...SITE_OPEN_GRAPH,
      url: page.path,
      ...(page.title ? { title: page.title } : {}),
      ...(page.description ? { description: page.description } : {}),
    },
  };
}
