import "server-only";
import type { Metadata } from "next";
import { pageOrigin } from "./page-origin";
import { categoryFeedPath } from "./paths";
import { SITE_OPEN_GRAPH } from "./site";

/**
 * A public page's canonical URL (one form per view: the path the page's own parameter rules
 * write) and the link preview's title, description and URL. Written absolute from the site's
 * address (`pageOrigin`): without BETTER_AUTH_URL, Next.js would resolve them against
 * `localhost`, pointing search engines elsewhere. Segments' metadata merge shallowly, so the
 * preview carries the site's image and name along. A view of one category links its feed.
 */
export async function publicPageMetadata(page: {
  path: string;
  title?: string;
  description?: string;
  category?: string | null;
}): Promise<Metadata> {
  const origin = await pageOrigin();
  const feed = page.category
    ? { "application/atom+xml": [{ url: origin + categoryFeedPath(page.category), title: `${page.category} perks` }] }
    : undefined;
  return {
    alternates: { canonical: origin + page.path, ...(feed ? { types: feed } : {}) },
    openGraph: {
      ...SITE_OPEN_GRAPH,
      images: SITE_OPEN_GRAPH.images.map((image) => ({ ...image, url: origin + image.url })),
      url: origin + page.path,
      ...(page.title ? { title: page.title } : {}),
      ...(page.description ? { description: page.description } : {}),
    },
  };
}
