import { env } from "@/lib/env";

/**
 * The site's public address for absolute links (sitemaps, feeds, calendars): BETTER_AUTH_URL when
 * set, as the pages' metadata uses, else the address the request came to.
 */
export function siteOrigin(request: Request): string {
  const configured = env().BETTER_AUTH_URL;
  return (configured ? new URL(configured) : new URL(request.url)).origin;
}

/** A path of the site as an absolute URL. */
export const absoluteUrl = (origin: string, path: string) => new URL(path, origin).toString();
