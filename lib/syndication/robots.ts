import { syndicated } from "./answers";
import { absoluteUrl, siteOrigin } from "./site-url";

/**
 * robots.txt: the public pages are for everyone; the partner portal and the APIs are not pages to
 * index. The sitemap's line must be an absolute URL, so the file is written per request.
 */
export function robotsAnswer(request: Request): Response {
  const lines = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /portal",
    "Disallow: /api/",
    "Disallow: /api-gateway/",
    "",
    `Sitemap: ${absoluteUrl(siteOrigin(request), "/sitemap.xml")}`,
  ];
  return syndicated(`${lines.join("\n")}\n`, "text/plain; charset=utf-8");
}
