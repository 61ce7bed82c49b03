import "server-only";
import { isPossibleId } from "@/lib/schemas/path-id";
import { notSyndicated, syndicated } from "./answers";
import { absoluteUrl, siteOrigin } from "./site-url";
import { collectionFileStarts, collectionsFrom } from "./sitemap-store";
import { PAGES_FILE_PATH, collectionFilePath, collectionUrls, pageUrls, sitemapFile, sitemapIndex } from "./sitemap-xml";

const XML = "application/xml; charset=utf-8";

/** `/sitemap.xml`: the pages file, then one file per 50,000 collections. */
export async function sitemapIndexAnswer(request: Request): Promise<Response> {
  const origin = siteOrigin(request);
  const starts = await collectionFileStarts();
  return syndicated(sitemapIndex([PAGES_FILE_PATH, ...starts.map(collectionFilePath)].map((path) => absoluteUrl(origin, path))), XML);
}

/** `/sitemaps/pages.xml`. */
export function pagesFileAnswer(request: Request): Response {
  return syndicated(sitemapFile(pageUrls(siteOrigin(request))), XML);
}

/** `/sitemaps/collections/{first id}.xml`: collection pages with their last change. */
export async function collectionFileAnswer(request: Request, file: string): Promise<Response> {
  const from = file.endsWith(".xml") ? file.slice(0, -".xml".length) : null;
  if (from === null || !isPossibleId(from)) return notSyndicated(`sitemap ${JSON.stringify(file)}`);
  return syndicated(sitemapFile(collectionUrls(siteOrigin(request), await collectionsFrom(from))), XML);
}
